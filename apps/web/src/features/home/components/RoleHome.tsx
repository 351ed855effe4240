import type { ReactNode } from 'react';
import { Badge, Card, Col, ListGroup, Row, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BsBoxSeam, BsCartCheck, BsClock, BsEnvelope, BsHammer, BsShop } from 'react-icons/bs';
import { formatDateTime as dateTime, type BuyerHome as BuyerHomeData, type SupplierHome as SupplierHomeData } from '@primeur/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { euro } from '../../../lib/format';
import { useRoleHome } from '../api/role-home';
import { paths } from '../../../lib/routes';

/** One block of a role home: a titled card with its list, an empty text, and a link to the full page. */
function Block({
  title,
  icon,
  empty,
  more,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  empty: string;
  more?: { to: string; label: string };
  children: ReactNode[];
  testId: string;
}) {
  return (
    <Card className="h-100 shadow-sm" data-testid={testId}>
      <Card.Header className="bg-transparent d-flex align-items-center gap-2">
        <span aria-hidden="true" className="text-success">
          {icon}
        </span>
        <h2 className="h6 mb-0 flex-grow-1">{title}</h2>
        {more ? (
          <Link to={more.to} className="small">
            {more.label}
          </Link>
        ) : null}
      </Card.Header>
      {children.length ? (
        <ListGroup variant="flush">{children}</ListGroup>
      ) : (
        <Card.Body>
          <p className="text-body-secondary mb-0">{empty}</p>
        </Card.Body>
      )}
    </Card>
  );
}

function Line({ to, title, meta, badge }: { to: string; title: string; meta: ReactNode; badge?: ReactNode }) {
  return (
    <ListGroup.Item className="d-flex justify-content-between align-items-start gap-2 flex-wrap">
      <div className="min-w-0">
        <Link to={to} className="fw-semibold text-break">
          {title}
        </Link>
        <div className="small text-body-secondary">{meta}</div>
      </div>
      {badge}
    </ListGroup.Item>
  );
}

export function BuyerHome({ data }: { data: BuyerHomeData }) {
  const { t, i18n } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <Row xs={1} lg={2} className="g-3">
      <Col>
        <Block
          testId="home-my-bids"
          title={t('roleHome.myBids')}
          icon={<BsHammer />}
          empty={t('roleHome.noBids')}
          more={{ to: paths.auctions, label: t('roleHome.allAuctions') }}
        >
          {data.myBids.map((b) => (
            <Line
              key={b.productId}
              to={paths.auctionRoom(b.productId)}
              title={b.name}
              meta={t('roleHome.bidLine', { mine: euro(b.myBest, lng), highest: euro(b.highest, lng), end: b.endsAt ? dateTime(b.endsAt, lng) : '–' })}
              badge={
                <Badge bg={b.leading ? 'success' : 'warning'} text={b.leading ? undefined : 'dark'}>
                  {t(b.ended ? (b.leading ? 'roleHome.won' : 'roleHome.lost') : b.leading ? 'roleHome.leading' : 'roleHome.outbid')}
                </Badge>
              }
            />
          ))}
        </Block>
      </Col>
      <Col>
        <Block
          testId="home-ending-soon"
          title={t('roleHome.endingSoon')}
          icon={<BsClock />}
          empty={t('roleHome.noAuctions')}
          more={{ to: paths.auctions, label: t('roleHome.allAuctions') }}
        >
          {data.endingSoon.map((a) => (
            <Line
              key={a.productId}
              to={paths.auctionRoom(a.productId)}
              title={a.name}
              meta={t('roleHome.auctionLine', { end: a.endsAt ? dateTime(a.endsAt, lng) : '–', highest: euro(a.highest ?? a.price, lng), count: a.bidders })}
            />
          ))}
        </Block>
      </Col>
      <Col>
        <Block testId="home-my-requests" title={t('roleHome.myRequests')} icon={<BsEnvelope />} empty={t('roleHome.noRequestsSent')}>
          {data.myRequests.map((r) => (
            <Line
              key={r.id}
              to={paths.marketplace}
              title={r.productTitle}
              meta={t('roleHome.requestLine', { supplier: r.supplier, count: r.pallets, date: dateTime(r.created, lng) })}
              badge={
                <Badge bg={r.state === 'open' ? 'info' : 'secondary'} text={r.state === 'open' ? 'dark' : undefined}>
                  {t(`roleHome.requestState.${r.state}`)}
                </Badge>
              }
            />
          ))}
        </Block>
      </Col>
      <Col>
        <Block
          testId="home-new-lots"
          title={t('roleHome.newLots')}
          icon={<BsShop />}
          empty={t('roleHome.noLots')}
          more={{ to: paths.marketplace, label: t('roleHome.allLots') }}
        >
          {data.newLots.map((l) => (
            <Line
              key={l.productId}
              to={paths.marketplace}
              title={l.name}
              meta={t('roleHome.lotLine', { article: l.articleNames[lng] || l.article, price: euro(l.price, lng), count: l.quantity })}
            />
          ))}
        </Block>
      </Col>
    </Row>
  );
}

export function SupplierHome({ data }: { data: SupplierHomeData }) {
  const { t, i18n } = useTranslation('common');
  const { t: tm } = useTranslation('marketplace');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <>
      <Row xs={1} sm={3} className="g-3 mb-3" data-testid="home-counts">
        {(['onSale', 'inAuction', 'ended'] as const).map((k) => (
          <Col key={k}>
            <Card className="shadow-sm text-center">
              <Card.Body>
                <div className="display-6">{data.counts[k]}</div>
                <div className="text-body-secondary">{t(`roleHome.counts.${k}`)}</div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <Row xs={1} lg={2} className="g-3">
        <Col>
          <Block
            testId="home-my-lots"
            title={t('roleHome.myLots')}
            icon={<BsBoxSeam />}
            empty={t('roleHome.noOwnLots')}
            more={{ to: paths.myProducts, label: tm('mine.title') }}
          >
            {data.myLots.map((l) => (
              <Line
                key={l.productId}
                to={l.endsAt ? paths.auctionRoom(l.productId) : paths.myProducts}
                title={l.name}
                meta={
                  l.endsAt
                    ? t('roleHome.auctionLine', { end: dateTime(l.endsAt, lng), highest: euro(l.highest ?? l.price, lng), count: l.bidders })
                    : t('roleHome.lotLine', { article: l.articleNames[lng] || l.article, price: euro(l.price, lng), count: l.quantity })
                }
                badge={
                  <Badge bg="light" text="dark">
                    {tm(`status.${l.status}`)}
                  </Badge>
                }
              />
            ))}
          </Block>
        </Col>
        <Col>
          <Block testId="home-offers" title={t('roleHome.offersReceived')} icon={<BsHammer />} empty={t('roleHome.noOffers')}>
            {data.offersReceived.map((o, i) => (
              <Line
                key={`${o.productId}-${i}`}
                to={paths.auctionRoom(o.productId)}
                title={o.name}
                meta={t('roleHome.offerLine', { company: o.companyName, amount: euro(o.amount, lng), date: dateTime(o.date, lng) })}
              />
            ))}
          </Block>
        </Col>
        <Col>
          <Block
            testId="home-requests"
            title={t('roleHome.requestsReceived')}
            icon={<BsCartCheck />}
            empty={t('roleHome.noRequestsReceived')}
            more={{ to: paths.myProducts, label: tm('mine.title') }}
          >
            {data.requestsReceived.map((r) => (
              <Line
                key={r.id}
                to={paths.myProducts}
                title={r.productTitle}
                meta={t('roleHome.requestReceivedLine', { buyer: r.buyer, count: r.pallets, date: dateTime(r.created, lng) })}
              />
            ))}
          </Block>
        </Col>
      </Row>
    </>
  );
}

/** The role home's body: buyers' and suppliers' lists, with a spinner and a Retry on failure. */
export function RoleHomeContent() {
  const { t } = useTranslation('common');
  const home = useRoleHome();
  if (home.isPending) return <Spinner animation="border" role="status" aria-label={t('loading')} />;
  if (home.isError) return <LoadFailed onRetry={() => void home.refetch()} busy={home.isFetching} />;
  return home.data.role === 'supplier' ? <SupplierHome data={home.data} /> : <BuyerHome data={home.data} />;
}
