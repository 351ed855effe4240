import { Button } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';
import { homePath } from '../lib/home-path';
import { useSession } from '../lib/session';

/** How far back this app's history goes from here (React Router numbers its entries); 0 when opened directly. */
function historyDepth(): number {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * "Go back" that always goes somewhere: back `steps` entries when this app has them, otherwise to the
 * home page (a page opened from a bookmark or a link has nothing to go back to inside the app).
 */
function useGoBack(steps: number) {
  const navigate = useNavigate();
  const { user } = useSession();
  return () => {
    const depth = historyDepth();
    if (depth > 0) navigate(-Math.min(steps, depth));
    else navigate(homePath(user), { replace: true });
  };
}

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const goBack = useGoBack(1);
  return (
    <section className="py-5 text-center">
      <PageTitle className="display-6">{t('errors.notFoundTitle')}</PageTitle>
      <p className="lead">{t('errors.notFoundText')}</p>
      <Button variant="outline-success" onClick={goBack}>
        {t('actions.goBack')}
      </Button>
    </section>
  );
}

export function UnauthorizedPage() {
  const { t } = useTranslation('common');
  // Spec §2: two history steps (the guard's redirect replaced one entry); fewer when there are fewer.
  const goBack = useGoBack(2);
  return (
    <section className="py-5 text-center">
      <PageTitle className="display-6">{t('errors.forbiddenTitle')}</PageTitle>
      <p className="lead">{t('errors.forbiddenText')}</p>
      <Button variant="outline-success" onClick={goBack}>
        {t('actions.goBack')}
      </Button>
    </section>
  );
}
