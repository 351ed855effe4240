import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationList } from '@primeur/shared';
import { germanBuyer, signedIn } from '../../../test/fixtures';
import { withFakeLive } from '../../../test/fake-live';
import { renderPage } from '../../../test/render';
import { addNotification, groupNotices, unreadEntries } from '../api/notifications';
import { NotificationsBell } from './NotificationsBell';
import { noticeTarget } from './notification-text';

withFakeLive();

const notice = (id: number, kind: Notification['kind'], productId: number, amount: number, read = false): Notification => ({
  id,
  kind,
  productId,
  productName: `Lot ${productId}`,
  createdAt: new Date(Date.UTC(2026, 10, 26, 10, 0, id)).toISOString(),
  read,
  data: { amount },
});

// Three outbid notices on lot 5 within seconds, one on lot 6, one "won" on lot 7.
const list: NotificationList = {
  items: [notice(5, 'outbid', 5, 1.08), notice(4, 'won', 7, 2), notice(3, 'outbid', 5, 1.06), notice(2, 'outbid', 6, 3, true), notice(1, 'outbid', 5, 1.04)],
  unread: 4,
};

function renderBell(lng = 'en', data = list) {
  renderPage(<NotificationsBell />, { lng, answers: { ...signedIn(germanBuyer), '/api/users/notifications': data } });
}

describe('the notifications bell', () => {
  it('folds the outbid notices of one lot into one entry with the latest price and how many', async () => {
    const entries = groupNotices(list.items);
    expect(entries.map((e) => [e.notice.id, e.count, e.unreadIds])).toEqual([
      [5, 3, [5, 3, 1]],
      [4, 1, [4]],
      [2, 1, []],
    ]);
    expect(unreadEntries(list)).toBe(2);

    renderBell();
    const toggle = await screen.findByRole('button', { name: 'Notifications 2 unread' }, { timeout: 30_000 });
    expect(within(toggle).getByTestId('notifications-unread')).toHaveTextContent(/^2$/);
    await userEvent.click(toggle);
    const outbid = screen.getAllByTestId('notification-outbid');
    expect(outbid).toHaveLength(2);
    expect(outbid[0]).toHaveTextContent('You have been outbid on Lot 5: the highest offer is now €1.08/kg.');
    expect(within(outbid[0]!).getByTestId('notification-count')).toHaveTextContent('3 times');
    expect(within(outbid[1]!).queryByTestId('notification-count')).toBeNull();
  });

  it('a live outbid notice replaces the earlier ones of its lot and carries their count (server contract)', () => {
    const held: NotificationList = { items: [notice(3, 'outbid', 5, 1.06), notice(2, 'won', 7, 2)], unread: 2 };
    const next = addNotification(held, { ...notice(8, 'outbid', 5, 1.1), data: { amount: 1.1, count: 2 } })!;
    expect(next.items.map((n) => n.id)).toEqual([8, 2]);
    expect(next.unread).toBe(2);
    expect(groupNotices(next.items)[0]).toMatchObject({ count: 2, unreadIds: [8] });
  });

  it('says "non lues" with French plural rules, never "non lue(s)"', async () => {
    renderBell('fr', { items: list.items, unread: 4 });
    expect(await screen.findByRole('button', { name: 'Notifications 2 non lues' })).toBeInTheDocument();
  });

  it('says "non lue" for one', async () => {
    renderBell('fr', { items: [notice(9, 'won', 7, 2)], unread: 1 });
    expect(await screen.findByRole('button', { name: 'Notifications 1 non lue' })).toBeInTheDocument();
  });

  it('tells the buyer of a counter-offer and leads to its purchase requests', async () => {
    renderBell('en', { items: [notice(9, 'request_countered', 8, 1.8)], unread: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications 1 unread' }, { timeout: 5000 }));
    const entry = screen.getByTestId('notification-request_countered');
    expect(entry).toHaveTextContent('The seller of Lot 8 answers your purchase request with a counter-offer at €1.80/kg');
    expect(noticeTarget(notice(9, 'request_countered', 8, 1.8))).toBe('/marketplace#my-requests');
  });
});
