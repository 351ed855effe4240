import { Card, Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { CompanyForm } from './CompanyForm';
import { PasswordForm } from './PasswordForm';
import { NotificationsForm } from './NotificationsForm';
import { ApiTokensPanel } from './ApiTokensPanel';
import { WebhooksPanel } from './WebhooksPanel';
import { useSession } from '../../../lib/session';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  // API tokens belong to trading companies; the operator's staff have none (decision 1008).
  const trades = user !== null && user.category !== 'admin';
  // A notice about a webhook leads to /user/profil#api: the API tab opens.
  const { hash } = useLocation();
  return (
    <Card className="mx-auto shadow-sm" style={{ maxWidth: 760 }}>
      <Card.Body className="p-4">
        <PageTitle className="h4 mb-3">{t('title')}</PageTitle>
        <Tabs defaultActiveKey={trades && hash === '#api' ? 'api' : 'company'} id="profile-tabs" className="mb-3">
          <Tab eventKey="company" title={t('tabs.company')}>
            <CompanyForm />
          </Tab>
          <Tab eventKey="password" title={t('tabs.password')}>
            <PasswordForm />
          </Tab>
          <Tab eventKey="notifications" title={t('alerts:prefs.tab')} mountOnEnter>
            <NotificationsForm />
          </Tab>
          {trades ? (
            <Tab eventKey="api" title={t('apiTokens:tab')} mountOnEnter>
              <ApiTokensPanel />
              <WebhooksPanel />
            </Tab>
          ) : null}
        </Tabs>
      </Card.Body>
    </Card>
  );
}
