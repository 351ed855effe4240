import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, type OrderSummary } from '@primeur/shared';
import { useEuro, useKg } from '../../../lib/format';
import { OrderStatusBadge } from './OrderStatusBadge';
import { useLotArticle } from './order-text';

interface OrdersTableProps {
  orders: OrderSummary[];
  /** Which parties to name: the other one on a user's tab, both for the operator. */
  show: 'buyer' | 'seller' | 'both';
  /** Where an order opens. */
  href(order: OrderSummary): string;
  testId: string;
}

/**
 * Orders as a table on a desk, one card per order on a phone (`.table-cards`, decision 660): the same
 * cells either way, so live updates and tests address one DOM.
 */
export function OrdersTable({ orders, show, href, testId }: OrdersTableProps) {
  const { t, i18n } = useTranslation('orders');
  const euro = useEuro();
  const kg = useKg();
  const article = useLotArticle();
  const lng = i18n.resolvedLanguage;
  return (
    <Table responsive size="sm" className="align-middle table-cards" data-testid={testId}>
      <thead>
        <tr>
          <th>{t('list.number')}</th>
          <th>{t('list.date')}</th>
          <th>{t('list.lot')}</th>
          {show !== 'buyer' ? <th>{t('list.seller')}</th> : null}
          {show !== 'seller' ? <th>{t('list.buyer')}</th> : null}
          <th className="text-end">{t('list.quantity')}</th>
          <th className="text-end text-nowrap">{t('list.amount')}</th>
          <th>{t('list.status')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} data-testid={`order-row-${o.number}`}>
            <td>
              <Link to={href(o)} className="fw-semibold text-nowrap" aria-label={t('list.open', { number: o.number })}>
                {o.number}
              </Link>
            </td>
            <td data-label={t('list.date')} className="text-nowrap">
              {formatDateTime(o.createdAt, lng)}
            </td>
            {/* One block per cell: on a phone the cell is a flex row (label, value), and its value stays one column. */}
            <td data-label={t('list.lot')}>
              <div>
                {o.lot.title}
                <div className="small text-body-secondary">{article(o.lot)}</div>
              </div>
            </td>
            {show !== 'buyer' ? <td data-label={t('list.seller')}>{o.seller.companyName}</td> : null}
            {show !== 'seller' ? <td data-label={t('list.buyer')}>{o.buyer.companyName}</td> : null}
            <td data-label={t('list.quantity')} className="text-end text-nowrap">
              <div>
                {t('marketplace:fields.pallets', { count: o.pallets })}
                {o.netKg !== null ? <div className="small text-body-secondary">{kg(o.netKg)}</div> : null}
              </div>
            </td>
            <td data-label={t('list.amount')} className="text-end text-nowrap">
              <div>
                {o.amount === null ? '–' : euro(o.amount)}
                <div className="small text-body-secondary">{euro(o.pricePerKg, { perKg: true })}</div>
              </div>
            </td>
            <td data-label={t('list.status')}>
              <OrderStatusBadge status={o.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
