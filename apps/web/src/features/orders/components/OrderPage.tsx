import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Badge, Card, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatDay, QUALITY_CLASSES, type Order, type OrderEvent, type OrderParty, type QualityClass } from '@primeur/shared';
import { Flag } from '../../../components/Flag';
import { QualityBadge } from '../../../components/LotFacts';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { photoUrl } from '../../../components/PhotoCarousel';
import { ApiError } from '../../../lib/api';
import { countryName, useEuro, useKg } from '../../../lib/format';
import { useLiveOrders } from '../api/live-orders';
import { confirmationUrl, useOrder, type OrderScope } from '../api/order';
import { NextActions } from './NextActions';
import { OrderHistory } from './OrderHistory';
import { OrderStatusBadge } from './OrderStatusBadge';
import { useLotArticle } from './order-text';
import { paths } from '../../../lib/routes';

// Shown once the goods have left: fetched after the page's first paint (the web budget).
const OrderPallets = lazy(async () => ({ default: (await import('./OrderPallets')).OrderPallets }));

/** A labelled fact of the order page. */
/** Orders made before lots stated a class have none (decision 870). */
const isQualityClass = (v: string | null): v is QualityClass => (QUALITY_CLASSES as readonly string[]).includes(v ?? '');

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="fw-normal text-body-secondary">{label}</dt>
      <dd className="mb-1" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/**
 * /user/orders/{id}: one order as this user stands to it — what to do next first (as a form), then the
 * quantities ordered, shipped and received, the lot as sold, the terms, both parties, the documents and
 * the history. Live: the other party's step shows here without a reload (/user/queue/orders).
 */
export function OrderPage({
  scope = 'user',
  afterActions,
  aside,
}: {
  scope?: OrderScope;
  afterActions?: (order: Order) => ReactNode;
  aside?: (order: Order) => ReactNode;
}) {
  const { orderId: raw } = useParams();
  const id = /^\d+$/.test(raw ?? '') ? Number(raw) : Number.NaN;
  const valid = Number.isSafeInteger(id) && id > 0;
  const { t, i18n } = useTranslation('orders');
  const order = useOrder(scope, id, valid);
  const [event, setEvent] = useState<OrderEvent | null>(null);
  const { status: live } = useLiveOrders((e) => {
    if (e.orderId === id) setEvent(e);
  }, valid);

  if (!valid || (order.error instanceof ApiError && order.error.status === 404)) {
    return (
      <Alert variant="warning" data-testid="order-not-found">
        {t('detail.notFound')} <Link to={scope === 'admin' ? paths.adminOrders : paths.orders}>{t('detail.back')}</Link>
      </Alert>
    );
  }
  if (!order.data) {
    return order.isError ? (
      <LoadFailed message={t('detail.loadError')} onRetry={() => void order.refetch()} busy={order.isFetching} />
    ) : (
      <Spinner role="status" aria-label={t('loading')} />
    );
  }
  const o = order.data;
  return (
    <section data-testid="order-page" data-status={o.status}>
      <Link to={o.viewerSide === 'operator' ? paths.adminOrders : paths.orders} className="small d-inline-block mb-2">
        ← {t(o.viewerSide === 'operator' ? 'admin.title' : 'detail.back')}
      </Link>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <PageTitle className="h3 mb-0">{`${t('links.order', { number: o.number })}`}</PageTitle>
        <OrderStatusBadge status={o.status} />
      </div>
      <p className="text-body-secondary small mb-3">
        {t('detail.placed', { date: formatDateTime(o.createdAt, i18n.resolvedLanguage) })} · {t(`source.${o.source}`)} ·{' '}
        <span data-testid="order-live" data-state={live}>
          {live === 'live' ? t('detail.live') : live === 'reconnecting' ? t('detail.reconnecting') : null}
        </span>
      </p>
      {event && event.status === o.status ? (
        <Alert variant="info" dismissible onClose={() => setEvent(null)} className="py-2" data-testid="order-updated" aria-live="polite">
          {t('detail.updated', { status: t(`status.${event.status}`) })}
        </Alert>
      ) : null}
      <Row className="g-4">
        <Col lg={8}>
          <NextActions order={o} scope={scope} />
          {afterActions?.(o)}
          <Quantities order={o} />
          {o.shipment ? (
            <Suspense fallback={null}>
              <OrderPallets order={o} />
            </Suspense>
          ) : null}
          <LotSnapshot order={o} />
          <Terms order={o} />
        </Col>
        <Col lg={4}>
          <Parties order={o} />
          <Documents order={o} />
          {aside?.(o)}
          <OrderHistory order={o} />
        </Col>
      </Row>
    </section>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card className="shadow-sm mb-4" data-testid={testId}>
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-3">
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}

function Quantities({ order: o }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const kg = useKg();
  const euro = useEuro();
  const lng = i18n.resolvedLanguage;
  const pallets = (n: number) => t('marketplace:fields.pallets', { count: n });
  return (
    <Section title={t('detail.quantities')} testId="order-quantities">
      <Row xs={1} sm={3} className="g-3 mb-3">
        <Col>
          <div className="small text-body-secondary">{t('detail.ordered')}</div>
          <div className="fw-semibold" data-testid="qty-ordered">
            {pallets(o.pallets)}
          </div>
          <div className="small">
            {o.estimatedNetKg === null ? '–' : kg(o.estimatedNetKg)} <span className="text-body-secondary">({t('detail.estimated')})</span>
          </div>
        </Col>
        <Col>
          <div className="small text-body-secondary">{t('detail.shipped')}</div>
          {o.shipment ? (
            <>
              <div className="fw-semibold" data-testid="qty-shipped">
                {pallets(o.shipment.pallets)} · {kg(o.shipment.netKg)}
              </div>
              <div className="small text-body-secondary">
                {t('detail.departure', { date: formatDay(o.shipment.departureDate, lng) })} · {t('detail.plate', { plate: o.shipment.vehiclePlate })}
                {o.shipment.carrier ? ` · ${o.shipment.carrier.name}` : ''}
              </div>
            </>
          ) : (
            <div data-testid="qty-shipped">–</div>
          )}
        </Col>
        <Col>
          <div className="small text-body-secondary">{t('detail.received')}</div>
          {o.receipt ? (
            <>
              <div className="fw-semibold" data-testid="qty-received">
                {pallets(o.receipt.pallets)} · {kg(o.receipt.netKg)}
              </div>
              <div className="small text-body-secondary">
                {t('detail.receivedAt', { date: formatDateTime(o.receipt.receivedAt, lng) })}
                {o.receipt.automatic ? <div>{t('detail.automatic', { hours: 72 })}</div> : null}
              </div>
            </>
          ) : (
            <div data-testid="qty-received">–</div>
          )}
        </Col>
      </Row>
      <dl className="facts mb-0">
        <Fact label={t('detail.pricePerKg')}>{euro(o.pricePerKg, { perKg: true })}</Fact>
        <Fact label={t('detail.netKg')}>
          {o.netKg === null ? '–' : kg(o.netKg)}
          {o.invoicedWeight ? (
            <div className="small text-body-secondary" data-testid="invoiced-weight">
              {t(`detail.invoicedWeight.${o.invoicedWeight}`)}
            </div>
          ) : null}
        </Fact>
        <Fact label={t('detail.amount')} testId="order-amount">
          <strong>{o.amount === null ? '–' : euro(o.amount)}</strong>
        </Fact>
      </dl>
    </Section>
  );
}

function LotSnapshot({ order: o }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const kg = useKg();
  const article = useLotArticle();
  const lng = i18n.resolvedLanguage ?? 'en';
  const lot = o.lot;
  return (
    <Section title={t('detail.lot')} testId="order-lot">
      <div className="d-flex gap-3 align-items-start">
        {lot.photo ? (
          <img src={photoUrl(lot.productId, lot.photo)} alt="" width={96} height={72} className="rounded border flex-shrink-0" style={{ objectFit: 'cover' }} />
        ) : null}
        <div className="flex-grow-1 min-w-0">
          <div className="fw-semibold">{lot.title}</div>
          <dl className="facts small mb-0 mt-2">
            <Fact label={t('detail.article')}>{article(lot)}</Fact>
            {isQualityClass(lot.qualityClass) ? (
              <Fact label={t('marketplace:lotFacts.qualityClass')}>
                <QualityBadge value={lot.qualityClass} />
              </Fact>
            ) : null}
            {lot.variety ? <Fact label={t('marketplace:lotFacts.variety')}>{lot.variety}</Fact> : null}
            {lot.packedOn ? <Fact label={t('marketplace:lotFacts.packedOn')}>{formatDay(lot.packedOn, lng)}</Fact> : null}
            <Fact label={t('detail.caliber')}>{lot.caliber || '–'}</Fact>
            <Fact label={t('detail.origin')}>
              {lot.originAlpha2 ? <Flag code={lot.originAlpha2} className="me-1" /> : null}
              {lot.originAlpha2 ? countryName(lot.originAlpha2, lng, lot.originName) : lot.originName}
            </Fact>
            <Fact label={t('detail.packaging')}>{lot.packaging}</Fact>
            <Fact label={t('detail.weights')}>
              {lot.netKgPerPallet === null ? '–' : t('detail.perPallet', { weight: kg(lot.netKgPerPallet) })}
              {lot.boxesPerPallet !== null && lot.netKgPerBox !== null ? (
                <div>{t('detail.perBox', { boxes: lot.boxesPerPallet, weight: kg(lot.netKgPerBox) })}</div>
              ) : null}
            </Fact>
          </dl>
        </div>
      </div>
    </Section>
  );
}

function Terms({ order: o }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.resolvedLanguage ?? 'en';
  const a = o.deliveryAddress;
  return (
    <Section title={t('detail.terms')} testId="order-terms">
      <dl className="facts mb-0">
        <Fact label={t('detail.incoterm')}>
          {o.incoterm}
          {o.incotermPlace ? ` ${o.incotermPlace}` : ''}
        </Fact>
        <Fact label={t('detail.deliveryAddress')} testId="delivery-address">
          <div>{a.address || '–'}</div>
          <div>
            {a.postalCode} {a.city}
          </div>
          {a.countryAlpha2 ? <div>{countryName(a.countryAlpha2, lng)}</div> : null}
        </Fact>
        <Fact label={t('detail.deliveryDate')} testId="delivery-date">
          {o.requestedDeliveryDate ? formatDay(o.requestedDeliveryDate, lng) : '–'}
        </Fact>
        <Fact label={t('detail.carrier')}>{o.shipment?.carrier?.name ?? o.carrier?.name ?? '–'}</Fact>
        {o.cancelReason ? <Fact label={t('status.CANCELLED')}>{t('detail.cancelReason', { reason: o.cancelReason })}</Fact> : null}
      </dl>
    </Section>
  );
}

function PartyCard({ role, party, you }: { role: 'buyer' | 'seller'; party: OrderParty; you: boolean }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="mb-3" data-testid={`party-${role}`}>
      <div className="small text-body-secondary">
        {t(`detail.${role}`)}
        {you ? (
          <Badge bg="light" text="dark" className="ms-2 border">
            {t('detail.you')}
          </Badge>
        ) : null}
      </div>
      <div className="fw-semibold">{party.companyName}</div>
      <div className="small">
        <div>{party.address}</div>
        <div>
          {party.postalCode} {party.city}
        </div>
        {party.countryAlpha2 ? (
          <div>
            <Flag code={party.countryAlpha2} className="me-1" />
            {countryName(party.countryAlpha2, lng, party.countryName)}
          </div>
        ) : null}
        {party.vatId ? <div>{t('detail.vat', { vat: party.vatId })}</div> : null}
        <a href={`mailto:${party.email}`} className="text-break">
          {party.email}
        </a>
      </div>
    </div>
  );
}

function Parties({ order: o }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <Section title={t('detail.parties')} testId="order-parties">
      <PartyCard role="seller" party={o.seller} you={o.viewerSide === 'seller'} />
      <PartyCard role="buyer" party={o.buyer} you={o.viewerSide === 'buyer'} />
    </Section>
  );
}

function Documents({ order: o }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  return (
    <Section title={t('detail.documents')} testId="order-documents">
      <a href={confirmationUrl(o.id, i18n.resolvedLanguage ?? 'en')} target="_blank" rel="noopener" data-testid="confirmation-pdf">
        {t('detail.confirmation')}
      </a>
    </Section>
  );
}

/** /admin/orders/{id}: the same page for the operator (read through /api/admin, cancel at any time before CLOSED). */
export function AdminOrderPage({ afterActions, aside }: { afterActions?: (order: Order) => ReactNode; aside?: (order: Order) => ReactNode }) {
  return <OrderPage scope="admin" afterActions={afterActions} aside={aside} />;
}
