import { Alert, Card, Col, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuctionItem } from '@primeur/shared';
import { Flag } from '../../../components/Flag';
import { PageTitle } from '../../../components/PageTitle';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { countryName, euro } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useActiveAuctions } from '../api/active-auctions';
import { useWonAuctions } from '../api/won-auctions';
import { useArticleName } from '../api/article-names';
import { splitDuration, useTimeLeft } from './time-left';

/** /encheres: running auctions, soonest end first, with the biggest offer and the time left. */
export function AuctionsPage() {
  const { t } = useTranslation('auctions');
  const { data, isLoading, isError } = useActiveAuctions();
  return (
    <section>
      <PageTitle>{t('list.title')}</PageTitle>
      {isLoading ? <Spinner aria-label={t('loading')} /> : null}
      {isError ? <Alert variant="danger">{t('list.loadError')}</Alert> : null}
      {data?.length === 0 ? <p>{t('list.empty')}</p> : null}
      <Row xs={1} sm={2} md={2} lg={3} xl={4} className="g-3">
        {data?.map((item) => (
          <Col key={item.product.productId}>
            <AuctionCard item={item} />
          </Col>
        ))}
      </Row>
      <WonAuctions />
    </section>
  );
}

/** The winner's results: the auctions this buyer won, with the winning amount. */
function WonAuctions() {
  const { t, i18n } = useTranslation('auctions');
  const { user } = useSession();
  const { data } = useWonAuctions(user?.category === 'client');
  if (!data?.length) return null;
  return (
    <>
      <h2 className="h4 mt-5">{t('won.title')}</h2>
      <Table responsive size="sm" striped data-testid="won-table">
        <thead>
          <tr>
            <th>{t('won.lot')}</th>
            <th>{t('details.seller')}</th>
            <th>{t('won.closed')}</th>
            <th className="text-end">{t('won.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((w) => (
            <tr key={w.product.productId}>
              <td>
                <Link to={`/encheres/details/${w.product.productId}`}>{w.product.name}</Link>
              </td>
              <td>{w.product.user.companyName}</td>
              <td>{w.product.endsAt ? new Date(w.product.endsAt).toLocaleString(i18n.resolvedLanguage) : '–'}</td>
              <td className="text-end text-nowrap">
                {euro(w.amount)}/kg × {t('details.pallets', { count: w.product.quantity })}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

export function TimeLeft({ ms }: { ms: number }) {
  const { t } = useTranslation('auctions');
  if (ms <= 0) return <span>{t('details.ended')}</span>;
  return <span>{t('countdown', splitDuration(ms))}</span>;
}

function AuctionCard({ item }: { item: AuctionItem }) {
  const { t, i18n } = useTranslation('auctions');
  const p = item.product;
  const left = useTimeLeft(p.endsAt);
  const articleName = useArticleName();
  return (
    <Card className="h-100 shadow-sm" data-testid={`auction-card-${p.productId}`}>
      <PhotoCarousel productId={p.productId} photos={p.photos} alt={p.name} height={180} />
      <Card.Body>
        <div className="text-body-secondary small">
          {articleName(p)} · <Flag code={p.origin.alpha2} /> {countryName(p.origin.alpha2, i18n.resolvedLanguage ?? 'en', p.origin.name)}
        </div>
        <Card.Title as="h2" className="h6">
          {p.name}
        </Card.Title>
        <dl className="row small mb-0">
          <dt className="col-6 fw-normal text-body-secondary">{t('list.biggestOffer')}</dt>
          <dd className="col-6 mb-1 fw-semibold" data-testid="biggest-offer">
            {item.amount === null ? t('list.noOffer') : `${euro(item.amount)}/kg`}
          </dd>
          <dt className="col-6 fw-normal text-body-secondary">{t('list.startingPrice')}</dt>
          <dd className="col-6 mb-1">{euro(p.price)}/kg</dd>
          <dt className="col-6 fw-normal text-body-secondary">{t('details.quantity')}</dt>
          <dd className="col-6 mb-1">{t('details.pallets', { count: p.quantity })}</dd>
          <dt className="col-6 fw-normal text-body-secondary">{t('list.timeLeft')}</dt>
          <dd className="col-6 mb-1">
            <TimeLeft ms={left} />
          </dd>
        </dl>
      </Card.Body>
      <Card.Footer className="bg-transparent">
        <Link className="btn btn-primary btn-sm" to={`/encheres/details/${p.productId}`}>
          {t('list.details')}
        </Link>
      </Card.Footer>
    </Card>
  );
}
