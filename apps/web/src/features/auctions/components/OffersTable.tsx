import { Badge, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTimeSeconds } from '@primeur/shared';
import { euro } from '../../../lib/format';
import { bidderName, companiesByNumber, isMine, type Me, type RoomOffer } from '../api/room';

/** The lot's offers, newest first; the reader's own rows and the automatic (proxy) ones marked. */
export function OffersTable({ offers, me }: { offers: RoomOffer[] | undefined; me: Me | null }) {
  const { t, i18n } = useTranslation(['auctions', 'room']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const companies = companiesByNumber(offers);
  return (
    <Card className="shadow-sm">
      <Card.Header as="h2" className="h6 mb-0" id="offers-title">
        {t('offers.title')}
      </Card.Header>
      {offers && offers.length === 0 ? <Card.Body className="small">{t('offers.empty')}</Card.Body> : null}
      {offers?.length ? (
        // A scrolling region the keyboard can reach and scroll (WCAG 2.1.1), named after its card.
        <div style={{ maxHeight: 420, overflowY: 'auto' }} tabIndex={0} role="region" aria-labelledby="offers-title" data-testid="offers-region">
          <Table size="sm" striped className="mb-0" data-testid="offers-table">
            <thead className="sticky-top">
              <tr>
                <th>{t('offers.date')}</th>
                <th>{t('offers.client')}</th>
                <th className="text-end">{t('offers.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {offers.map((o) => {
                const mine = isMine(o, me);
                return (
                  <tr key={o.id} data-testid="offer-row" data-mine={mine ? 'true' : undefined} className={mine ? 'table-primary' : undefined}>
                    <td className="small" data-testid="offer-time">
                      {/* To the second, on the market's clock: the last seconds decide an auction (decision 580). */}
                      {formatDateTimeSeconds(o.date, lng)}
                    </td>
                    <td>
                      <span data-testid="offer-bidder">{bidderName(o, me, t, companies)}</span>
                      {o.auto ? (
                        <Badge bg="secondary" className="ms-1" title={t('room:offers.autoTitle')}>
                          {t('room:offers.auto')}
                        </Badge>
                      ) : null}
                    </td>
                    <td className="text-end text-nowrap">{euro(o.amount, lng, { perKg: true })}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      ) : null}
    </Card>
  );
}
