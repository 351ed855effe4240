import { useState } from 'react';
import { Alert, Button, Card, Col, Form, InputGroup, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@primeur/shared';
import { Flag } from '../../../components/Flag';
import { PageTitle } from '../../../components/PageTitle';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { countryName, euro } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDetails } from '../api/details';
import { mergeOffers, offersKey, useOffers } from '../api/offers';
import { usePlaceBid } from '../api/place-bid';
import { useLiveOffers } from '../api/use-live-offers';
import { useArticleName } from '../api/article-names';
import { splitDuration, useTimeLeft } from './time-left';

/** /encheres/details/{productId}: photos, the lot, a countdown on the server's clock, the bid form and the offers as they arrive. */
export function AuctionDetailsPage() {
  const { productId: raw } = useParams();
  const productId = Number(raw);
  const { t, i18n } = useTranslation('auctions');
  const qc = useQueryClient();
  const details = useDetails(productId);
  const offers = useOffers(productId);
  useLiveOffers(productId, (offer: Offer) => {
    qc.setQueryData<Offer[]>(offersKey(productId), (list) => mergeOffers(list, offer));
    void qc.invalidateQueries({ queryKey: ['auctions', 'details', productId] });
  });
  const d = details.data?.details;
  // Server clock − this clock, measured when the details arrived (the countdown follows the server).
  const offset = details.data ? Date.parse(details.data.details.serverTime) - details.data.receivedAt : 0;
  const left = useTimeLeft(d?.endsAt, offset);
  const lng = i18n.resolvedLanguage ?? 'en';
  const articleName = useArticleName();

  if (!Number.isInteger(productId) || productId <= 0 || (details.error instanceof ApiError && details.error.status === 404)) {
    return <Alert variant="warning">{t('details.notFound')}</Alert>;
  }
  if (details.isLoading || !d) return details.isError ? <Alert variant="danger">{t('details.loadError')}</Alert> : <Spinner aria-label={t('loading')} />;

  const started = d.auctionStartDate ? Date.parse(d.auctionStartDate) <= Date.now() + offset : false;
  const over = !!d.endsAt && left <= 0;
  return (
    <section>
      <PageTitle>{d.name}</PageTitle>
      <Row className="g-4">
        <Col lg={7}>
          <Card className="shadow-sm overflow-hidden">
            <PhotoCarousel productId={d.productId} photos={d.photos} alt={d.name} height={380} />
          </Card>
          <dl className="row mt-3">
            <dt className="col-sm-4">{t('details.article')}</dt>
            <dd className="col-sm-8">{articleName(d)}</dd>
            <dt className="col-sm-4">{t('details.seller')}</dt>
            <dd className="col-sm-8" data-testid="seller">
              {d.seller.companyName}
            </dd>
            <dt className="col-sm-4">{t('details.caliber')}</dt>
            <dd className="col-sm-8">{d.caliber || '–'}</dd>
            <dt className="col-sm-4">{t('details.origin')}</dt>
            <dd className="col-sm-8">
              <Flag code={d.origin.alpha2} /> {countryName(d.origin.alpha2, lng, d.origin.name)}
            </dd>
            <dt className="col-sm-4">{t('details.packaging')}</dt>
            <dd className="col-sm-8">{d.packaging.name}</dd>
            <dt className="col-sm-4">{t('details.quantity')}</dt>
            <dd className="col-sm-8">{t('details.pallets', { count: d.quantity })}</dd>
            <dt className="col-sm-4">{t('details.startingPrice')}</dt>
            <dd className="col-sm-8">{euro(d.price)}/kg</dd>
            <dt className="col-sm-4">{t('details.description')}</dt>
            <dd className="col-sm-8">{d.description || '–'}</dd>
          </dl>
        </Col>
        <Col lg={5}>
          <Card className="shadow-sm mb-3">
            <Card.Body>
              <div className="text-body-secondary small">{t('details.countdown')}</div>
              <div className="fs-3 fw-semibold font-monospace" data-testid="countdown" aria-live="off">
                {d.endsAt ? t('countdown', splitDuration(left)) : '–'}
              </div>
              {over ? <div className="small text-body-secondary">{t('details.ended')}</div> : null}
              {!started && d.auctionStartDate ? (
                <div className="small">{t('details.notStarted', { date: new Date(d.auctionStartDate).toLocaleString(lng) })}</div>
              ) : null}
              <div className="mt-2">
                {t('details.highest')}: <strong data-testid="highest">{d.highest === null ? t('list.noOffer') : `${euro(d.highest)}/kg`}</strong>
              </div>
              {over ? <Result winner={d.winner} /> : null}
              <BidForm productId={d.productId} sellerId={d.supplier} nextMinimum={d.nextMinimum} disabledByTime={over || !started || !d.endsAt} />
            </Card.Body>
          </Card>
          <OffersTable offers={offers.data} />
        </Col>
      </Row>
    </section>
  );
}

function Result({ winner }: { winner: { companyName: string; amount: number } | null }) {
  const { t } = useTranslation('auctions');
  return (
    <Alert variant={winner ? 'success' : 'secondary'} className="mt-3 mb-0" data-testid="result">
      {winner ? t('details.winner', { company: winner.companyName, amount: euro(winner.amount) }) : t('details.noWinner')}
    </Alert>
  );
}

function BidForm({ productId, sellerId, nextMinimum, disabledByTime }: { productId: number; sellerId: number; nextMinimum: number; disabledByTime: boolean }) {
  const { t } = useTranslation('auctions');
  const { user } = useSession();
  const toast = useToast();
  const bid = usePlaceBid(productId);
  const [typed, setTyped] = useState<string | null>(null);
  const isSeller = user?.userId === sellerId;
  const isAdmin = user?.category === 'admin';
  const disabled = disabledByTime || isSeller || isAdmin || bid.isPending;
  // Until the bidder types, the field proposes the next valid amount (it follows new offers).
  const value = typed ?? nextMinimum.toFixed(2);
  const reason = (err: unknown) => {
    if (!(err instanceof ApiError)) return t('errors.default');
    const minimum = typeof err.body?.minimum === 'number' ? euro(err.body.minimum) : '';
    return t(`errors.${err.code}`, { minimum, defaultValue: err.message });
  };
  return (
    <Form
      className="mt-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const amount = Number(value.replace(',', '.'));
        bid.mutate(amount, {
          onSuccess: () => {
            setTyped(null);
            toast.show('success', { message: t('details.placed') });
          },
          onError: (err) => toast.show('auctionBidError', { detail: reason(err) }),
        });
      }}
    >
      <Form.Label htmlFor="bid-amount">{t('details.amount')}</Form.Label>
      <InputGroup>
        <Form.Control
          id="bid-amount"
          type="number"
          inputMode="decimal"
          step={0.01}
          min={nextMinimum}
          value={value}
          disabled={disabled}
          onChange={(e) => setTyped(e.target.value)}
        />
        <InputGroup.Text>€/kg</InputGroup.Text>
        <Button type="submit" disabled={disabled} data-testid="bid-button">
          {t('details.bid')}
        </Button>
      </InputGroup>
      <Form.Text>
        {isSeller ? t('details.sellerCannotBid') : isAdmin ? t('details.adminCannotBid') : t('details.nextMinimum', { amount: euro(nextMinimum) })}
      </Form.Text>
    </Form>
  );
}

function OffersTable({ offers }: { offers: Offer[] | undefined }) {
  const { t, i18n } = useTranslation('auctions');
  return (
    <Card className="shadow-sm">
      <Card.Header as="h2" className="h6 mb-0">
        {t('offers.title')}
      </Card.Header>
      {offers && offers.length === 0 ? <Card.Body className="small">{t('offers.empty')}</Card.Body> : null}
      {offers?.length ? (
        <Table size="sm" striped className="mb-0" data-testid="offers-table">
          <thead>
            <tr>
              <th>{t('offers.date')}</th>
              <th>{t('offers.client')}</th>
              <th className="text-end">{t('offers.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((o) => (
              <tr key={o.id} data-testid="offer-row">
                <td>{new Date(o.date).toLocaleString(i18n.resolvedLanguage)}</td>
                <td>{o.user.companyName}</td>
                <td className="text-end text-nowrap">{euro(o.amount)}/kg</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </Card>
  );
}
