import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { type Order } from '@primeur/shared';
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
const shippedToBuyer = () =>
  order({
    status: 'SHIPPED',
    nextActions: ['receive'],
    shipment: { pallets: 8, netKg: 6400, departureDate: '2026-11-21', vehiclePlate: 'AB-123-CD', carrier: null, at: '2026-11-21T06:00:00.000Z' },
  });

async function typeKg(form: HTMLElement, value: string) {
  const kg = within(form).getByLabelText('Net weight (kg)');
  await userEvent.clear(kg);
  await userEvent.type(kg, value);
}

/**
 * The weight rule of the ship and receive forms is the server's (packages/shared/src/weights.ts,
 * decision 980): 8 pallets of 800 kg declared, ± 15 % → 5,440 … 7,360 kg; a receipt more than 15 %
 * under the 6,400 kg shipped (below 5,440 kg) is a weight dispute.
 */
describe('/user/orders/{id}: weights both parties can trust', () => {
  it('shows the seller the allowed range and refuses a hundredth below or above it, sending each end', async () => {
    const fake = fakeOrder(() => asSeller());
    renderOrder(supplier, { '/api/users/carriers': [], '/api/users/orders/41': fake.answer });
    const form = await screen.findByTestId('ship-form');
    expect(within(form).getByTestId('ship-netkg-range')).toHaveTextContent('Allowed for these pallets: 5,440 kg to 7,360 kg net (declared weight ± 15 %).');
    await userEvent.type(within(form).getByLabelText('Vehicle plate'), 'AB-123-CD');
    const submit = within(form).getByRole('button', { name: 'Mark as shipped' });

    await typeKg(form, '5439.99');
    await userEvent.click(submit);
    expect(await within(form).findByText('Between 5,440 kg and 7,360 kg for these pallets.')).toBeInTheDocument();
    await typeKg(form, '7360.01');
    await userEvent.click(submit);
    expect(await within(form).findByText('Between 5,440 kg and 7,360 kg for these pallets.')).toBeInTheDocument();
    expect(fake.posted).toHaveLength(0);

    await typeKg(form, '7360');
    await userEvent.click(submit);
    await waitFor(() => expect(fake.posted).toHaveLength(1));
    expect(fake.posted[0]).toMatchObject({ url: '/api/users/orders/41/ship', body: { pallets: 8, netKg: 7360 } });
    await typeKg(form, '5440');
    await userEvent.click(submit);
    await waitFor(() => expect(fake.posted).toHaveLength(2));
    expect(fake.posted[1]).toMatchObject({ body: { pallets: 8, netKg: 5440 } });
  }, 30_000);

  it('draws the range from the pallets typed', async () => {
    const fake = fakeOrder(() => asSeller());
    renderOrder(supplier, { '/api/users/carriers': [], '/api/users/orders/41': fake.answer }, 'fr');
    const form = await screen.findByTestId('ship-form');
    const pallets = within(form).getByLabelText('Palettes');
    await userEvent.clear(pallets);
    await userEvent.type(pallets, '3');
    expect(within(form).getByTestId('ship-netkg-range')).toHaveTextContent(/de 2\s040 kg à 2\s760 kg net \(poids déclaré ± 15 %\)/);
  }, 30_000);

  it('shows the server refusal of a weight out of tolerance in the reader’s language', async () => {
    const fake = fakeOrder(
      () => asSeller({ lot: { ...asSeller().lot, netKgPerPallet: null } }),
      () =>
        jsonResponse(
          {
            error: 'out of tolerance',
            code: 'WEIGHT_OUT_OF_TOLERANCE',
            details: [
              { path: 'netKg', message: 'outOfTolerance' },
              { path: 'minKg', message: '5440' },
              { path: 'maxKg', message: '7360' },
            ],
          },
          400,
        ),
    );
    renderOrder(supplier, { '/api/users/carriers': [], '/api/users/orders/41': fake.answer });
    const form = await screen.findByTestId('ship-form');
    // A lot that declared no weight: no range on the page, the server still decides.
    expect(within(form).queryByTestId('ship-netkg-range')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Vehicle plate'), 'AB-123-CD');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(form).findByTestId('action-error')).toHaveTextContent(
      'The shipped net weight is outside the range allowed around the weight declared on the lot.',
    );
  }, 30_000);

  it('refuses a receipt above the shipped weight and warns of a dispute only below the tolerance', async () => {
    const fake = fakeOrder(shippedToBuyer);
    renderOrder(germanBuyer, { '/api/users/orders/41': fake.answer });
    const form = await screen.findByTestId('receive-form');
    expect(within(form).getByTestId('receive-netkg-range')).toHaveTextContent(
      'At most 6,400 kg, as shipped. Below 5,440 kg the difference becomes a weight claim for the seller to confirm.',
    );
    const submit = within(form).getByRole('button', { name: 'Confirm receipt' });
    await typeKg(form, '6400.01');
    await userEvent.click(submit);
    expect(await within(form).findByText('At most 6,400 kg: the weight shipped.')).toBeInTheDocument();
    expect(fake.posted).toHaveLength(0);

    await typeKg(form, '5440');
    expect(within(form).queryByTestId('receive-dispute')).toBeNull();
    await typeKg(form, '5439.99');
    expect(within(form).getByTestId('receive-dispute')).toHaveTextContent(
      '5,439.99 kg is more than 15 % below the 6,400 kg shipped: the order will be invoiced on the shipped weight',
    );
    await userEvent.click(submit);
    await waitFor(() => expect(fake.posted).toHaveLength(1));
    expect(fake.posted[0]).toMatchObject({ url: '/api/users/orders/41/receive', body: { pallets: 8, netKg: 5439.99 } });
  }, 30_000);

  it('says which weight the amount is invoiced on', async () => {
    const fake = fakeOrder(() => order({ status: 'DELIVERED', nextActions: [], invoicedWeight: 'SHIPPED' }));
    renderOrder(germanBuyer, { '/api/users/orders/41': fake.answer }, 'de');
    expect(await screen.findByTestId('invoiced-weight')).toHaveTextContent('berechnet nach Versandgewicht');
  }, 30_000);
});
