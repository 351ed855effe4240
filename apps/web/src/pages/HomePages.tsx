import { lazy, Suspense } from 'react';
import { Spinner } from 'react-bootstrap';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { PageTitle } from '../components/PageTitle';
import { paths } from '../lib/routes';

// Signed-in only: fetched when shown, so a visitor's first load carries neither it nor its icons.
const RoleHomeContent = lazy(async () => ({ default: (await import('../features/home/components/RoleHome')).RoleHomeContent }));

/** The signed-in buyer's or supplier's home: what moved on its auctions, lots and requests (issue 16). */
function RoleHomePage() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  return (
    <section>
      <PageTitle>{t('userHome.title', { company: user?.companyName ?? '' })}</PageTitle>
      <Suspense
        fallback={
          <div className="d-flex justify-content-center py-5">
            <Spinner animation="border" role="status" aria-label={t('pageLoading')} />
          </div>
        }
      >
        <RoleHomeContent />
      </Suspense>
    </section>
  );
}

/**
 * `/`: a visitor sees the spec's placeholder (the word Home) with a way in; a signed-in buyer or supplier,
 * whom sign-in sends here (spec §2), sees its role home; an admin's home is the dashboard.
 */
export function LandingPage() {
  const { t } = useTranslation('common');
  const { user, isAuthenticated } = useSession();
  if (isAuthenticated && user?.category === 'admin') return <Navigate to={paths.adminHome} replace />;
  if (isAuthenticated) return <RoleHomePage />;
  return (
    <section className="py-5 text-center">
      <PageTitle className="display-5">{t('home.title')}</PageTitle>
      <p className="lead text-body-secondary">{t('home.visitor')}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to={paths.login} className="btn btn-success">
          {t('auth:login.title')}
        </Link>
        <Link to={paths.register} className="btn btn-outline-success">
          {t('home.register')}
        </Link>
      </div>
    </section>
  );
}

/** /user/home: the same role home (admins: the dashboard). */
export function UserHomePage() {
  const { user } = useSession();
  if (user?.category === 'admin') return <Navigate to={paths.adminHome} replace />;
  return <RoleHomePage />;
}
