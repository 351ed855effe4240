import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { dayInParis, type Order } from '@primeur/shared';
import { live, withFakeLive } from '../../../test/fake-live';
import { germanBuyer, jsonResponse, signedIn, userInfo } from '../../../test/fixtures';
import { order } from '../../../test/orders';
import { renderPage } from '../../../test/render';
import { OrderPage } from './OrderPage';

withFakeLive();

const supplier = userInfo({ userId: 3, username: 's@example.com', companyName: 'Huerta de Almería S.L.', category: 'supplier', vatId: 'ES1' });

interface Posted {
  url: string;
  method: string;
  body: unknown;
}

/**
 * The order endpoint of the server: GET answers `current()`, a step is recorded and answered by
 * `onPost` (the order after the step, or a refusal).
 */
function fakeOrder(current: () => Order, onPost: (p: Posted) => Response = () => jsonResponse(current())) {
  const posted: Posted[] = [];
  const answer = (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return jsonResponse(current());
    const p = { url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    posted.push(p);
    return onPost(p);
  };
  return { posted, answer };
}

function renderOrder(user: ReturnType<typeof userInfo>, answers: Record<string, unknown>, lng = 'en') {
  live.subscriptions.length = 0;
  return renderPage(
    <Routes>
      <Route path="/user/orders/:orderId" element={<OrderPage />} />
    </Routes>,
    { lng, path: '/user/orders/41', answers: { ...signedIn(user), ...answers } },
  );
}

const asSeller = (over: Partial<Order> = {}) => order({ viewerSide: 'seller', nextActions: ['ship', 'cancel'], ...over });

describe('/user/orders/{id}: the next step as a form', () => {
  it('lets the seller ship with a decimal comma, a plate and a carrier, and shows the order as the server answers it', async () => {
    let current = asSeller({ carrier: null });
    const shipped = (): Order => ({
      ...current,
      status: 'SHIPPED',
      nextActions: [],
      netKg: 6400.5,
      shipment: {
        pallets: 8,
        netKg: 6400.5,
        departureDate: dayInParis(0),
        vehiclePlate: 'AB-123-CD',
        carrier: { id: 2, name: 'Transports Rapides' },
        at: new Date().toISOString(),
      },
      history: [
        ...current.history,
        {
          at: new Date().toISOString(),
          actor: 'SELLER',
          companyName: supplier.companyName,
          from: 'CONFIRMED',
          to: 'SHIPPED',
          note: '',
          noteCode: null,
          noteParams: {},
        },
      ],
    });
    const fake = fakeOrder(
      () => current,
      () => {
        current = shipped();
        return jsonResponse(current);
      },
    );
    renderOrder(supplier, { '/api/users/carriers': [{ id: 2, name: 'Transports Rapides' }], '/api/users/orders/41': fake.answer }, 'fr');

    const form = await screen.findByTestId('ship-form');
    expect(within(form).getByLabelText('Palettes')).toHaveValue('8');
    const kg = within(form).getByLabelText('Poids net (kg)');
    expect(kg).toHaveValue('6400');
    await userEvent.clear(kg);
    await userEvent.type(kg, '6400,5');
    await userEvent.type(within(form).getByLabelText('Immatriculation du véhicule'), 'AB-123-CD');
    await userEvent.selectOptions(await within(form).findByLabelText('Transporteur'), 'Transports Rapides');
    await userEvent.click(within(form).getByRole('button', { name: 'Marquer comme expédiée' }));

    await waitFor(() => expect(fake.posted).toHaveLength(1));
    expect(fake.posted[0]).toMatchObject({
      url: '/api/users/orders/41/ship',
      method: 'POST',
      body: { pallets: 8, netKg: 6400.5, departureDate: dayInParis(0), vehiclePlate: 'AB-123-CD', carrierId: 2 },
    });
    await waitFor(() => expect(screen.getByTestId('order-page')).toHaveAttribute('data-status', 'SHIPPED'));
    expect(screen.queryByTestId('ship-form')).toBeNull();
    expect(screen.getByTestId('qty-shipped')).toHaveTextContent(/8 palettes · 6\s400,5\skg/);
    expect(screen.getByTestId('waiting')).toHaveTextContent("En attente de la confirmation de réception par l'acheteur.");
    expect(screen.getByTestId('order-amount')).toBeInTheDocument();
  }, 30_000);

  it('refuses pallets the order does not have and a missing plate before asking the server', async () => {
    const fake = fakeOrder(() => asSeller());
    renderOrder(supplier, { '/api/users/carriers': [], '/api/users/orders/41': fake.answer });
    const form = await screen.findByTestId('ship-form');
    const pallets = within(form).getByLabelText('Pallets');
    await userEvent.clear(pallets);
    await userEvent.type(pallets, '9');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(form).findByText('At most 8 pallets.')).toBeInTheDocument();
    expect(within(form).getByText('Required.')).toBeInTheDocument();

    await userEvent.clear(pallets);
    await userEvent.type(pallets, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(form).findByText('Enter a whole number of pallets, at least 1.')).toBeInTheDocument();
    // No carrier list yet: the seller ships without one, and the field is not offered.
    expect(within(form).queryByLabelText('Carrier')).toBeNull();
    expect(fake.posted).toHaveLength(0);
  }, 30_000);

  it('says in the reader’s language that the step is no longer possible when the order moved meanwhile', async () => {
    const fake = fakeOrder(
      () => asSeller(),
      () => jsonResponse({ error: 'Order is CANCELLED', code: 'ILLEGAL_TRANSITION', details: [{ path: 'status', message: 'CANCELLED' }] }, 409),
    );
    renderOrder(supplier, { '/api/users/carriers': [], '/api/users/orders/41': fake.answer }, 'de');
    const form = await screen.findByTestId('ship-form');
    await userEvent.type(within(form).getByLabelText('Kennzeichen'), 'HH-AB 123');
    await userEvent.click(within(form).getByRole('button', { name: 'Als versandt melden' }));
    expect(await within(form).findByTestId('action-error')).toHaveTextContent('Dieser Schritt ist nicht mehr möglich: Die Bestellung ist jetzt storniert.');
  }, 30_000);

  it('lets the buyer confirm receipt of what was shipped, and never more than shipped', async () => {
    let current = order({
      status: 'SHIPPED',
      nextActions: ['receive'],
      shipment: { pallets: 8, netKg: 6400, departureDate: '2026-11-21', vehiclePlate: 'AB-123-CD', carrier: null, at: '2026-11-21T06:00:00.000Z' },
    });
    const fake = fakeOrder(
      () => current,
      (p) => {
        const body = p.body as { pallets: number; netKg: number };
        current = {
          ...current,
          status: 'DELIVERED',
          nextActions: [],
          receipt: { ...body, receivedAt: new Date().toISOString(), automatic: false, differences: null },
        };
        return jsonResponse(current);
      },
    );
    renderOrder(germanBuyer, { '/api/users/orders/41': fake.answer }, 'es');
    const form = await screen.findByTestId('receive-form');
    const pallets = within(form).getByLabelText('Palés');
    await userEvent.clear(pallets);
    await userEvent.type(pallets, '9');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar la recepción' }));
    expect(await within(form).findByText('Como máximo 8 palés.')).toBeInTheDocument();
    expect(fake.posted).toHaveLength(0);

    await userEvent.clear(pallets);
    await userEvent.type(pallets, '7');
    const kg = within(form).getByLabelText('Peso neto (kg)');
    await userEvent.clear(kg);
    await userEvent.type(kg, '5590,75');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar la recepción' }));
    await waitFor(() => expect(fake.posted).toHaveLength(1));
    expect(fake.posted[0]).toMatchObject({ url: '/api/users/orders/41/receive', body: { pallets: 7, netKg: 5590.75 } });
    expect(await screen.findByTestId('qty-received')).toHaveTextContent(/7 palés · 5\.?590,75\skg/);
  }, 30_000);

  it('cancels only with a reason, which is sent to the server', async () => {
    let current = order();
    const fake = fakeOrder(
      () => current,
      (p) => {
        current = { ...current, status: 'CANCELLED', nextActions: [], cancelReason: (p.body as { reason: string }).reason };
        return jsonResponse(current);
      },
    );
    renderOrder(germanBuyer, { '/api/users/orders/41': fake.answer });
    expect(await screen.findByTestId('waiting')).toHaveTextContent('Waiting for the seller to ship.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    expect(fake.posted).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Delivery window no longer possible');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(fake.posted).toHaveLength(1));
    expect(fake.posted[0]).toMatchObject({ url: '/api/users/orders/41/cancel', body: { reason: 'Delivery window no longer possible' } });
    await waitFor(() => expect(screen.getByTestId('order-page')).toHaveAttribute('data-status', 'CANCELLED'));
    expect(screen.getByTestId('order-terms')).toHaveTextContent('Reason: Delivery window no longer possible');
  }, 30_000);

  it('shows the seller’s step live: the buyer’s page gets the receipt form without a reload', async () => {
    let current = order();
    const fake = fakeOrder(() => current);
    renderOrder(germanBuyer, { '/api/users/orders/41': fake.answer });
    expect(await screen.findByTestId('waiting')).toBeInTheDocument();
    expect(screen.queryByTestId('receive-form')).toBeNull();

    current = order({
      status: 'SHIPPED',
      nextActions: ['receive'],
      shipment: { pallets: 8, netKg: 6380, departureDate: '2026-11-21', vehiclePlate: 'AB-123-CD', carrier: null, at: new Date().toISOString() },
    });
    const sub = live.subscriptions.find((s) => s.destination === '/user/queue/orders')!;
    sub.listener.onMessage({ orderId: 41, number: current.number, status: 'SHIPPED', previousStatus: 'CONFIRMED', at: new Date().toISOString() }, {} as never);
    expect(await screen.findByTestId('receive-form')).toBeInTheDocument();
    expect(screen.getByTestId('order-updated')).toHaveTextContent('The order changed: Shipped.');
    expect(within(screen.getByTestId('receive-form')).getByLabelText('Net weight (kg)')).toHaveValue('6380');
  }, 30_000);

  it('tells a company that is not a party that the order does not exist', async () => {
    renderOrder(germanBuyer, { '/api/users/orders/41': () => jsonResponse({ error: 'Not found', code: 'NOT_FOUND' }, 404) });
    expect(await screen.findByTestId('order-not-found')).toHaveTextContent('This order does not exist or is not yours.');
  }, 30_000);
});
