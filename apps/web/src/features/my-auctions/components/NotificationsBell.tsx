import { Badge, Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BsBell } from 'react-icons/bs';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@primeur/shared';
import { groupNotices, unreadEntries, useLiveNotifications, useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
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
  const unread = data ? unreadEntries(data) : 0;
  const entries = data ? groupNotices(data.items) : [];

  return (
    <Dropdown align="end" data-testid="notifications-bell">
      <Dropdown.Toggle as={Button} variant="link" className="nav-link position-relative px-2">
        <BsBell aria-hidden="true" size={18} />
        {/* Named by its content, so the visible count is part of the name (WCAG 2.5.3, label in name). */}
        <span className="visually-hidden">{t('bell.label')}</span> {unread > 0 ? <UnreadBadge count={unread} /> : null}
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
        {entries.length ? (
          entries.map(({ notice: n, count, unreadIds }) => (
            <Dropdown.Item
              key={n.id}
              as="button"
              className={`text-wrap small py-2 ${unreadIds.length ? 'fw-semibold bg-body-tertiary' : ''}`}
              data-testid={`notification-${n.kind}`}
              onClick={() => {
                for (const id of unreadIds) markRead.mutate(id);
                const target = noticeTarget(n);
                if (target) void navigate(target);
              }}
            >
              <div className="d-flex justify-content-between gap-2">
                <span className="text-body-secondary">
                  {t(`kinds.${n.kind}`)}
                  {count > 1 ? (
                    <span className="ms-1" data-testid="notification-count">
                      · {t('bell.times', { count })}
                    </span>
                  ) : null}
                </span>
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

/** The red count: the number is seen, the words around it ("non lues") are read, outside the badge so its text stays the number. */
function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('alerts');
  const text = t('bell.unread', { count });
  const shown = count > 99 ? '99+' : String(count);
  const at = count > 99 ? -1 : text.indexOf(shown);
  const badge = (hidden: boolean) => (
    <Badge pill bg="danger" className="position-absolute top-0 start-100 translate-middle" data-testid="notifications-unread" aria-hidden={hidden || undefined}>
      {shown}
    </Badge>
  );
  if (at < 0)
    return (
      <>
        {badge(true)}
        <span className="visually-hidden">{text}</span>
      </>
    );
  const before = text.slice(0, at).trim();
  const after = text.slice(at + shown.length).trim();
  return (
    <>
      {before ? <span className="visually-hidden">{before}</span> : null}
      {before ? ' ' : null}
      {badge(false)}
      {after ? ' ' : null}
      {after ? <span className="visually-hidden">{after}</span> : null}
    </>
  );
}
