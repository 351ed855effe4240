import { Container } from 'react-bootstrap';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Header } from './Header';

export function Layout() {
  const { t } = useTranslation('common');
  return (
    <div className="d-flex flex-column min-vh-100">
      <Header />
      <Container as="main" fluid="xl" className="flex-grow-1 py-4" id="main">
        <Outlet />
      </Container>
      <footer className="border-top py-3 bg-body-tertiary">
        <Container fluid="xl" className="small text-body-secondary d-flex flex-wrap justify-content-between gap-2">
          <span>{t('footer.text', { year: new Date().getFullYear() })}</span>
          <span>{t('footer.note')}</span>
        </Container>
      </footer>
    </div>
  );
}
