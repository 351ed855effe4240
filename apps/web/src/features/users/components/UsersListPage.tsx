import { Alert, Badge, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { UserCard } from '@primeur/shared';
import { Flag } from '../../../components/Flag';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/Toasts';
import { countryName } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useToggleUserStatus, useUsers } from '../api/admin-users';

const CATEGORY_VARIANT = { buyer: 'primary', supplier: 'warning', admin: 'dark' } as const;

export function UsersListPage() {
  const { t } = useTranslation('users');
  const { data, isLoading, isError } = useUsers();
  const pending = data?.filter((u) => !u.status).length ?? 0;
  return (
    <section>
      <PageTitle>{t('list.title')}</PageTitle>
      {isLoading ? <Spinner aria-label={t('list.loading')} /> : null}
      {isError ? <Alert variant="danger">{t('list.loadError')}</Alert> : null}
      {data && pending > 0 ? <Alert variant="info">{t('list.pending', { count: pending })}</Alert> : null}
      {data?.length === 0 ? <p>{t('list.empty')}</p> : null}
      <Row xs={1} sm={2} md={2} lg={3} xl={4} className="g-3">
        {data?.map((u) => (
          <Col key={u.userId}>
            <UserCardView user={u} />
          </Col>
        ))}
      </Row>
    </section>
  );
}

function UserCardView({ user }: { user: UserCard }) {
  const { t, i18n } = useTranslation('users');
  const session = useSession();
  const toggle = useToggleUserStatus();
  const toast = useToast();
  const self = session.user?.userId === user.userId;
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <Card className={`h-100 shadow-sm ${user.status ? '' : 'border-warning'}`} data-testid={`user-card-${user.username}`}>
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <Card.Title as="h2" className="h6 mb-0">
            {user.companyName}
          </Card.Title>
          <Badge bg={CATEGORY_VARIANT[user.category]}>{t(`categories.${user.category}`)}</Badge>
        </div>
        <Card.Text as="div" className="small">
          <div className="text-break">{user.username}</div>
          <div>{user.address}</div>
          <div>
            {user.postalCode} {user.city?.name}
          </div>
          {user.country ? (
            <div>
              <Flag code={user.country.alpha2} className="me-1" /> {countryName(user.country.alpha2, lng, user.country.name)}
            </div>
          ) : null}
        </Card.Text>
      </Card.Body>
      <Card.Footer className="bg-transparent">
        <Form.Check
          type="switch"
          role="switch"
          id={`status-${user.userId}`}
          label={user.status ? t('status.active') : t('status.inactive')}
          checked={user.status}
          disabled={self || toggle.isPending}
          title={self ? t('status.self') : undefined}
          onChange={() =>
            toggle.mutate(user.userId, {
              onSuccess: () => toast.show('dataModifiedSuccess'),
              onError: () => toast.show('dataModifiedError'),
            })
          }
        />
      </Card.Footer>
    </Card>
  );
}
