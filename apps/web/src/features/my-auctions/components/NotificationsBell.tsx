import { Badge, Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BsBell } from 'react-icons/bs';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@primeur/shared';
import { useLiveNotifications, useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { myAuctionsKey } from '../api/my-auctions';
import { noticeTarget, useNotificationText } from './notification-text';

/** The header bell: unread count, the latest notices, live on the user's own queue. */
export function NotificationsBell() {
  const { t, i18n } = useTranslation('alerts');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { data } = useNotifications(true);
  // A notice means some lot changed for this user: "My auctions" refreshes if it is open.
  useLiveNotifications(true, () => void qc.invalidateQueries({ queryKey: myAuctionsKey }));
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const text = useNotificationText();
  const unread = data?.unread ?? 0;

  return (
    <Dropdown align="end" data-testid="notifications-bell">
      <Dropdown.Toggle
        as={Button}
        variant="link"
        className="nav-link position-relative px-2"
        aria-label={`${t('bell.label')}${unread ? ` (${t('bell.unread', { count: unread })})` : ''}`}
      >
        <BsBell aria-hidden="true" size={18} />
        {unread > 0 ? (
          <Badge pill bg="danger" className="position-absolute top-0 start-100 translate-middle" data-testid="notifications-unread">
            {unread > 99 ? '99+' : unread}
          </Badge>
        ) : null}
      </Dropdown.Toggle>
      <Dropdown.Menu style={{ width: 360, maxHeight: 440, overflowY: 'auto' }} data-testid="notifications-menu">
        <div className="d-flex justify-content-between align-items-center px-3 pb-2 border-bottom">
          <strong>{t('bell.label')}</strong>
          {unread > 0 ? (
            <Button size="sm" variant="link" className="p-0" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
              {t('bell.markAll')}
            </Button>
          ) : null}
        </div>
        {data?.items.length ? (
          data.items.map((n) => (
            <Dropdown.Item
              key={n.id}
              as="button"
              className={`text-wrap small py-2 ${n.read ? '' : 'fw-semibold bg-body-tertiary'}`}
              data-testid={`notification-${n.kind}`}
              onClick={() => {
                if (!n.read) markRead.mutate(n.id);
                const target = noticeTarget(n);
                if (target) void navigate(target);
              }}
            >
              <div className="d-flex justify-content-between gap-2">
                <span className="text-body-secondary">{t(`kinds.${n.kind}`)}</span>
                <span className="text-body-secondary text-nowrap">{formatDateTime(n.createdAt, i18n.resolvedLanguage)}</span>
              </div>
              <div>{text(n)}</div>
            </Dropdown.Item>
          ))
        ) : (
          <div className="px-3 py-2 small text-body-secondary">{t('bell.empty')}</div>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
