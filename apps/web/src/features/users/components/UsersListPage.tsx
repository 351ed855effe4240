import { useEffect, useState } from 'react';
import { Alert, Badge, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { UserCard, UserListQuery } from '@primeur/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { Flag } from '../../../components/Flag';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/Toasts';
import { LoadFailed } from '../../../components/LoadFailed';
import { Pager, useDebouncedValue } from '../../../components/ListControls';
import { countryName } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { usePendingCount, useToggleUserStatus, useUsersPage } from '../api/admin-users';

const CATEGORY_VARIANT = { buyer: 'primary', supplier: 'warning', admin: 'dark' } as const;

export function UsersListPage() {
  const { t } = useTranslation('users');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<UserListQuery['category'] | ''>('');
  const [status, setStatus] = useState<UserListQuery['status'] | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  // A new search or filter starts from the first page.
  useEffect(() => setPage(1), [q, category, status]);
  const { data, isLoading, isError, isPlaceholderData, refetch } = useUsersPage({
    page,
    q: q || undefined,
    category: category || undefined,
    status: status || undefined,
  });
  const pending = usePendingCount().data ?? 0;
  return (
    <section>
      <PageTitle>{t('list.title')}</PageTitle>
      {pending > 0 ? <Alert variant="info">{t('list.pending', { count: pending })}</Alert> : null}
      <Form className="row g-2 mb-3" role="search" onSubmit={(e) => e.preventDefault()}>
        <Col xs={12} md={6}>
          <Form.Label htmlFor="users-search" visuallyHidden>
            {t('common:list.search')}
          </Form.Label>
          <Form.Control id="users-search" type="search" placeholder={t('list.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
        </Col>
        <Col xs={6} md={3}>
          <Form.Select id="users-category" aria-label={t('list.category')} value={category} onChange={(e) => setCategory(e.target.value as typeof category)}>
            <option value="">{t('list.allCategories')}</option>
            {(['buyer', 'supplier', 'admin'] as const).map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={3}>
          <Form.Select id="users-status" aria-label={t('list.statusFilter')} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="">{t('list.allStatuses')}</option>
            <option value="active">{t('status.active')}</option>
            <option value="inactive">{t('status.inactive')}</option>
          </Form.Select>
        </Col>
      </Form>
      {isLoading ? <Spinner aria-label={t('list.loading')} /> : null}
      {isError ? <LoadFailed message={t('list.loadError')} onRetry={() => void refetch()} /> : null}
      {data?.total === 0 ? <p>{t('list.empty')}</p> : null}
      {data && data.total > 0 ? (
        <p className="text-body-secondary small" aria-live="polite" data-testid="users-total">
          {t('list.total', { count: data.total })}
        </p>
      ) : null}
      <Row xs={1} sm={2} md={2} lg={3} xl={4} className="g-3" style={isPlaceholderData ? { opacity: 0.6 } : undefined}>
        {data?.items.map((u) => (
          <Col key={u.userId}>
            <UserCardView user={u} />
          </Col>
        ))}
      </Row>
      {data ? <Pager page={page} total={data.total} size={data.size} onPage={setPage} busy={isPlaceholderData} testId="users-page" /> : null}
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
  // Deactivating locks a company out of its account at once: it is confirmed; activating is not.
  const [confirming, setConfirming] = useState(false);
  const flip = (after?: () => void) =>
    toggle.mutate(user.userId, {
      onSuccess: () => toast.show('dataModifiedSuccess'),
      onError: () => toast.show('dataModifiedError'),
      onSettled: after,
    });
  return (
    <Card className={`h-100 shadow-sm ${user.status ? '' : 'border-warning'}`} data-testid={`user-card-${user.username}`}>
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <Card.Title as="h2" className="h6 mb-0">
            {user.companyName}
          </Card.Title>
          <Badge bg={CATEGORY_VARIANT[user.category]} text={CATEGORY_VARIANT[user.category] === 'warning' ? 'dark' : undefined}>
            {t(`categories.${user.category}`)}
          </Badge>
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
          onChange={() => (user.status ? setConfirming(true) : flip())}
        />
      </Card.Footer>
      <ConfirmModal
        show={confirming}
        title={t('status.deactivateTitle', { company: user.companyName })}
        body={t('status.deactivateBody')}
        confirmLabel={t('status.deactivate')}
        busy={toggle.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => flip(() => setConfirming(false))}
      />
    </Card>
  );
}
