import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TraceResult } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { jsonResponse } from '../../../test/fixtures';
import { TracePage } from './TracePage';

const SSCC = '030123450000000019';
const result: TraceResult = {
  entry: 'sscc',
  value: SSCC,
  focus: { orderId: 41, palletCode: SSCC },
  lot: {
    productId: 7,
    lotNumber: 'L7',
    title: 'Tomate Raf',
    article: { en: 'Tomato', fr: 'Tomate', de: 'Tomate', es: 'Tomate' },
    variety: 'Raf',
    caliber: 'M',
    qualityClass: 'I',
    originAlpha2: 'ES',
    originName: 'Spain',
    packedOn: '2026-11-20',
    gtin: null,
    listed: true,
  },
  supplier: {
    userId: 3,
    companyName: 'Huerta Sur S.L.',
    city: 'Almería',
    countryAlpha2: 'ES',
    vatId: 'ESB12345678',
    globalGapNumber: null,
    certificates: ['BIO'],
  },
  orders: [
    {
      id: 41,
      number: 'PRM-2026-000041',
      status: 'DELIVERED',
      createdAt: '2026-11-21T08:00:00.000Z',
      buyer: { userId: 5, companyName: 'Primeurs Lyonnais', city: 'Lyon', countryAlpha2: 'FR', vatId: 'FR98765432109' },
      deliveryAddress: { address: '12 quai', postalCode: '69002', city: 'Lyon', countryAlpha2: 'FR' },
      pallets: 2,
      shipment: { departureDate: '2026-11-22', at: '2026-11-22T06:00:00.000Z', vehiclePlate: 'AB-123', carrierName: null, netKg: 1600 },
      receipt: { at: '2026-11-23T09:00:00.000Z', netKg: 1598.5, automatic: false, differences: null },
      palletList: [
        { seq: 1, code: SSCC, gs1: true, netKg: 800.5, grossKg: null, boxes: 80, receivedAt: '2026-11-23T08:55:00.000Z' },
        { seq: 2, code: '030123450000000026', gs1: true, netKg: 798, grossKg: null, boxes: 80, receivedAt: null },
      ],
      claims: [],
      invoices: [{ id: 9, kind: 'INVOICE', number: 'HS-2026-000009', status: 'ISSUED', issueDate: '2026-11-23' }],
    },
  ],
  totals: { orders: 1, pallets: 2, buyers: 1, palletsReceived: 1 },
};

describe('TracePage', () => {
  it('traces a scanned SSCC: the search goes in the address, the chain shows the supplier, the buyer and the searched pallet, in French', async () => {
    const asked: string[] = [];
    const { router } = renderPage(<TracePage />, {
      lng: 'fr',
      path: '/admin/trace',
      answers: {
        '/api/admin/trace': (url: string) => {
          asked.push(url);
          return jsonResponse(result);
        },
      },
    });
    await userEvent.type(await screen.findByLabelText('Numéro'), `(00)${SSCC}`);
    await userEvent.click(screen.getByRole('button', { name: 'Tracer' }));
    const chain = await screen.findByTestId('trace-chain');
    expect(asked).toEqual([`/api/admin/trace?sscc=%2800%29${SSCC}`]);
    expect(router.state.location.search).toBe(`?sscc=%2800%29${SSCC}`);
    expect(within(chain).getByText('Traçabilité du lot L7')).toBeInTheDocument();
    expect(within(chain).getByText(/Huerta Sur S\.L\./)).toBeInTheDocument();
    expect(within(chain).getByText('Primeurs Lyonnais')).toBeInTheDocument();
    expect(within(chain).getByText('1 palettes reçues sur 2')).toBeInTheDocument();
    // The searched pallet is marked; weights in the reader's decimals.
    expect(within(chain).getByText(SSCC).closest('tr')).toHaveClass('table-success');
    expect(within(chain).getByText(/800,5/)).toBeInTheDocument();
    expect(within(chain).getByText('PDF').closest('a')).toHaveAttribute('href', `/api/admin/trace.pdf?sscc=%2800%29${SSCC}&lang=fr`);
  });

  it('says when nothing matches, and lists the orders when an invoice number belongs to several sellers', async () => {
    renderPage(<TracePage />, {
      path: '/admin/trace?lot=L999',
      answers: { '/api/admin/trace': () => jsonResponse({ error: 'Nothing', code: 'NOT_FOUND' }, 404) },
    });
    expect(await screen.findByText('Nothing matches this number.')).toBeInTheDocument();
  });

  it('lists the candidate orders of an ambiguous invoice number as links', async () => {
    renderPage(<TracePage />, {
      path: '/admin/trace?invoice=F-1',
      answers: {
        '/api/admin/trace': () =>
          jsonResponse(
            {
              error: 'Several',
              code: 'TRACE_AMBIGUOUS',
              details: [
                { path: 'order', message: 'PRM-2026-000001' },
                { path: 'order', message: 'PRM-2026-000002' },
              ],
            },
            409,
          ),
      },
    });
    expect(await screen.findByRole('link', { name: 'PRM-2026-000002' })).toHaveAttribute('href', '/admin/trace?order=PRM-2026-000002');
  });
});
