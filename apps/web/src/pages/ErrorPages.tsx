import { Button } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <section className="py-5 text-center">
      <PageTitle className="display-6">{t('errors.notFoundTitle')}</PageTitle>
      <p className="lead">{t('errors.notFoundText')}</p>
      <Button variant="outline-success" onClick={() => navigate(-1)}>
        {t('actions.goBack')}
      </Button>
    </section>
  );
}

export function UnauthorizedPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <section className="py-5 text-center">
      <PageTitle className="display-6">{t('errors.forbiddenTitle')}</PageTitle>
      <p className="lead">{t('errors.forbiddenText')}</p>
      {/* Two steps: the guard's redirect replaced one history entry with this page. */}
      <Button variant="outline-success" onClick={() => navigate(-2)}>
        {t('actions.goBack')}
      </Button>
    </section>
  );
}
