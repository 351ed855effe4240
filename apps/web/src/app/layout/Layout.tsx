import { Alert, Button, Container } from 'react-bootstrap';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { Header } from './Header';
import { paths } from '../../lib/routes';

/** Spec §8's session messages ('Echec déconnexion', or the server's error) in an alert under the header. */
function SessionAlert() {
  const { t } = useTranslation('common');
  const { error, dismissError, isAuthenticated } = useSession();
  const { pathname } = useLocation();
  // The sign-in form shows its own failure with this message inside it.
  if (!error || pathname === paths.login) return null;
  return (
    <Alert variant="danger" dismissible onClose={dismissError} closeLabel={t('actions.close')} className="mb-4" data-testid="session-alert">
      <Alert.Heading as="h2" className="h6">
        {isAuthenticated ? t('session.logoutFailedTitle') : t('session.loginFailedTitle')}
      </Alert.Heading>
      <p className="mb-0">{error}</p>
    </Alert>
  );
}

/**
 * The service is away (decision 784): said plainly, with the automatic retry, never as a sign-out.
 * Live pages show their own connection state beside it.
 */
function OutageBanner() {
  const { t } = useTranslation('common');
  const { unavailable, retryNow } = useSession();
  if (!unavailable) return null;
  return (
    <Alert variant="warning" className="mb-4 d-flex flex-wrap align-items-center gap-2" role="status" data-testid="outage-banner">
      <div className="flex-grow-1">
        <strong>{t('outage.banner')}</strong>
        <span className="d-block small">{t('outage.detail')}</span>
      </div>
      <Button variant="outline-dark" size="sm" onClick={retryNow}>
        {t('outage.retryNow')}
      </Button>
    </Alert>
  );
}

export function Layout() {
  const { t } = useTranslation('common');
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="skip-link">
        {t('skipLink')}
      </a>
      <Header />
      <Container as="main" fluid="xxl" className="flex-grow-1 py-4" id="main" tabIndex={-1}>
        <OutageBanner />
        <SessionAlert />
        <Outlet />
      </Container>
      <footer className="border-top py-3 bg-body-tertiary">
        <Container fluid="xxl" className="small text-body-secondary d-flex flex-wrap justify-content-between gap-2">
          <span>{t('footer.text', { year: new Date().getFullYear() })}</span>
          <Link to={paths.terms} className="text-body-secondary">
            {t('terms.title')}
          </Link>
        </Container>
      </footer>
    </div>
  );
}
