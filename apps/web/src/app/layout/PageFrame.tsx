import { Container, Navbar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BasketIcon } from '../../components/icons';

/**
 * The page's skeleton while its code or catalogs arrive (decision 842): a heading and a few lines,
 * drawn at once under the header, so a slow network shows the page's frame instead of a blank.
 */
export function PageSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="placeholder-glow" role="status" aria-busy="true" aria-label={t('pageLoading')} data-testid="page-skeleton">
      <span className="placeholder col-5 placeholder-lg d-block mb-4 rounded" style={{ height: '2rem' }} />
      <span className="placeholder col-12 d-block mb-2 rounded" />
      <span className="placeholder col-10 d-block mb-2 rounded" />
      <span className="placeholder col-11 d-block mb-4 rounded" />
      <span className="placeholder col-12 d-block rounded" style={{ height: '8rem' }} />
    </div>
  );
}

/**
 * The whole frame (the header's bar with the brand, and the skeleton) while the session is checked:
 * the same drawing as the static one in index.html, so the page does not flash between the two.
 */
export function PageFrame() {
  const { t } = useTranslation('common');
  return (
    <div className="d-flex flex-column min-vh-100">
      <Navbar bg="success" data-bs-theme="dark" className="shadow-sm" as="header">
        <Container fluid="xxl">
          <Navbar.Brand as="span" className="fw-semibold">
            <BasketIcon aria-hidden="true" className="me-2 mb-1" />
            {t('brand')}
          </Navbar.Brand>
        </Container>
      </Navbar>
      <Container as="main" fluid="xxl" className="flex-grow-1 py-4">
        <PageSkeleton />
      </Container>
    </div>
  );
}
