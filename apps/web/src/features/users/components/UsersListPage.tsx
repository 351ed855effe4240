import { useState } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { UserCard, UserListQuery } from '@primeur/shared';
import { BulkBar } from '../../../components/BulkBar';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ExportCsvButton } from '../../../components/csv/ExportCsvButton';
import { Flag } from '../../../components/Flag';
import { PagedCards } from '../../../components/PagedCards';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/Toasts';
import { ListFilters, optionsOf } from '../../../components/ListControls';
import { useLocalListParams } from '../../../lib/list-params';
import { fetchMatchingIds, useSelection, type Selection } from '../../../lib/bulk';
import { countryName } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { CompanyLegalModal } from './CompanyLegalModal';
import { useInvalidateUsers, usePendingCount, useToggleUserStatus, useUsersPage } from '../api/admin-users';

const CATEGORIES = ['buyer', 'supplier', 'admin'] as const;
const STATUSES = ['active', 'inactive'] as const;
const CATEGORY_VARIANT = { buyer: 'primary', supplier: 'warning', admin: 'dark' } as const;

export function UsersListPage() {
  const { t } = useTranslation('users');
  const params = useLocalListParams(['q', 'category', 'status'] as const);
  const { q, category, status } = params.filters;
  const filters = {
    q: q || undefined,
    category: (category || undefined) as UserListQuery['category'],
    status: (status || undefined) as UserListQuery['status'],
  };
  const list = useUsersPage({ page: params.page, ...filters });
  const pending = usePendingCount().data ?? 0;
  // Ticked accounts are kept across pages and dropped when the search or a filter changes (decision 880).
  const selection = useSelection(JSON.stringify(filters));
  const invalidate = useInvalidateUsers();
  return (
    <section>
      <PageTitle>{t('list.title')}</PageTitle>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <ExportCsvButton list="users" filters={{ q, category, status }} />
      </div>
      {pending > 0 ? <Alert variant="info">{t('list.pending', { count: pending })}</Alert> : null}
      <ListFilters
        idPrefix="users"
        params={params}
        search={[t('common:list.search'), t('list.searchPlaceholder'), '12 - 6']}
        selects={[
          { name: 'category', label: t('list.category'), all: t('list.allCategories'), options: optionsOf(CATEGORIES, t, 'categories'), cols: '12 6 3' },
          { name: 'status', label: t('list.statusFilter'), all: t('list.allStatuses'), options: optionsOf(STATUSES, t, 'status'), cols: '12 6 3' },
        ]}
      />
      <BulkBar
        list="users"
        selection={selection}
        pageIds={list.data?.items.map((u) => u.userId) ?? []}
        total={list.data?.total}
        fetchMatching={() => fetchMatchingIds('users', filters)}
        actions={['activate', 'deactivate']}
        onChanged={invalidate}
      />
      <PagedCards
        list={list}
        params={params}
        testId="users"
        texts={{ loading: t('list.loading'), loadError: t('list.loadError'), total: (count) => t('list.total', { count }) }}
        empty={<p>{t('list.empty')}</p>}
        cardKey={(u) => u.userId}
        card={(u) => <UserCardView user={u} selection={selection} />}
      />
    </section>
  );
}

function UserCardView({ user, selection }: { user: UserCard; selection: Selection }) {
  const { t, i18n } = useTranslation('users');
  const session = useSession();
  const toggle = useToggleUserStatus();
  const toast = useToast();
  const self = session.user?.userId === user.userId;
  const lng = i18n.resolvedLanguage ?? 'en';
  // Deactivating locks a company out of its account at once: it is confirmed; activating is not.
  const [confirming, setConfirming] = useState(false);
  const [editingLegal, setEditingLegal] = useState(false);
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
          <Form.Check
            id={`select-user-${user.userId}`}
            className="mb-0"
            aria-label={t('bulk:bar.selectRow', { name: user.companyName })}
            checked={selection.has(user.userId)}
            onChange={() => selection.toggle(user.userId)}
          />
          <Card.Title as="h2" className="h6 mb-0 me-auto">
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
          {user.vatId ? <div>{t('card.vatId', { id: user.vatId })}</div> : null}
          {user.registrationId ? <div>{t('card.registrationId', { id: user.registrationId })}</div> : null}
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
        <Button variant="link" size="sm" className="p-0" onClick={() => setEditingLegal(true)}>
          {t('legal.edit')}
        </Button>
      </Card.Footer>
      {editingLegal ? <CompanyLegalModal user={user} show onClose={() => setEditingLegal(false)} /> : null}
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
