import { useState } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRACE_ENTRIES, formatDay, type TraceEntry, type TraceOrder, type TraceResult } from '@primeur/shared';
import { ApiError } from '../../../lib/api';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { paths } from '../../../lib/routes';
import { useKg } from '../../../lib/format';
import { traceQueryString, useTrace, type TraceSearch } from '../api/trace';
import { StartRecallForm } from './StartRecallForm';

const isEntry = (s: string): s is TraceEntry => (TRACE_ENTRIES as readonly string[]).includes(s);

/** The search the address holds (`?sscc=…`, `?lot=…`, `?order=…` or `?invoice=…`), so a trace can be linked and reloaded. */
function searchOf(params: URLSearchParams): TraceSearch | null {
  for (const entry of TRACE_ENTRIES) {
    const value = params.get(entry)?.trim();
    if (value) return { entry, value: value.slice(0, 64) };
  }
  return null;
}

/**
 * /admin/trace (issue 37): a pallet's SSCC (scanned or typed), a lot, an order or an invoice number
 * → the chain one step back (the supplier and its lot) and one step forward (each order, buyer,
 * delivery, pallet, claim and invoice), with the same chain as a PDF report and a CSV.
 */
export function TracePage() {
  const { t, i18n } = useTranslation('trace');
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const [entry, setEntry] = useState<TraceEntry>(search?.entry ?? 'sscc');
  const [value, setValue] = useState(search?.value ?? '');
  const { data, error, isFetching, refetch } = useTrace(search);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (value.trim()) setParams(new URLSearchParams({ [entry]: value.trim() }));
  };
  const code = error instanceof ApiError ? error.body?.code : undefined;

  return (
    <section>
      <PageTitle>{t('page.title')}</PageTitle>
      <p className="text-body-secondary">{t('page.intro')}</p>
      <Card className="mb-4 shadow-sm">
        <Card.Body>
          <Form noValidate onSubmit={submit} role="search">
            <Row className="g-3 align-items-end">
              <Col xs={12} md={3}>
                <Form.Label htmlFor="trace-entry">{t('page.entry')}</Form.Label>
                <Form.Select id="trace-entry" value={entry} onChange={(e) => isEntry(e.target.value) && setEntry(e.target.value)}>
                  {TRACE_ENTRIES.map((k) => (
                    <option key={k} value={k}>
                      {t(`page.entries.${k}`)}
                    </option>
                  ))}
                </Form.Select>
              </Col>
              <Col xs={12} md={6}>
                <Form.Label htmlFor="trace-value">{t('page.value')}</Form.Label>
                <Form.Control
                  id="trace-value"
                  value={value}
                  maxLength={64}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={t(`page.placeholder.${entry}`)}
                  onChange={(e) => setValue(e.target.value)}
                />
              </Col>
              <Col xs={12} md={3}>
                <Button type="submit" className="w-100" disabled={!value.trim()}>
                  {t('page.search')}
                </Button>
              </Col>
            </Row>
          </Form>
        </Card.Body>
      </Card>
      {isFetching ? <Spinner role="status" aria-label={t('page.search')} /> : null}
      {code === 'NOT_FOUND' ? <Alert variant="warning">{t('page.notFound')}</Alert> : null}
      {code === 'TRACE_AMBIGUOUS' && error instanceof ApiError ? (
        <Alert variant="warning">
          {t('page.ambiguous')}{' '}
          {(error.body?.details ?? []).map((d) => (
            <Link key={d.message} className="me-2" to={`${paths.adminTrace}?order=${encodeURIComponent(d.message)}`}>
              {d.message}
            </Link>
          ))}
        </Alert>
      ) : null}
      {error && code !== 'NOT_FOUND' && code !== 'TRACE_AMBIGUOUS' ? <LoadFailed onRetry={() => void refetch()} busy={isFetching} /> : null}
      {data && search ? <TraceChain r={data} query={traceQueryString(search)} lng={i18n.language} /> : null}
    </section>
  );
}

function TraceChain({ r, query, lng }: { r: TraceResult; query: string; lng: string }) {
  const { t } = useTranslation('trace');
  const day = (iso: string | null) => (iso ? formatDay(iso, lng) : '—');
  return (
    <div data-testid="trace-chain">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h4 mb-0 me-auto">
          {t('pdf.title')} {r.lot.lotNumber}
        </h2>
        <Button as="a" variant="outline-secondary" size="sm" href={`/api/admin/trace.pdf?${query}&lang=${lng}`} target="_blank" rel="noopener">
          {t('page.pdf')}
        </Button>
        <Button as="a" variant="outline-secondary" size="sm" href={`/api/admin/trace.csv?${query}`}>
          {t('page.csv')}
        </Button>
      </div>
      <p className="text-body-secondary" data-testid="trace-totals">
        {t('pdf.totals', { orders: r.totals.orders, pallets: r.totals.pallets, buyers: r.totals.buyers, received: r.totals.palletsReceived })}
      </p>
      <Card className="mb-3">
        <Card.Header className="fw-semibold">{t('pdf.back')}</Card.Header>
        <Card.Body>
          <dl className="row mb-0 small">
            <dt className="col-sm-3">{t('pdf.supplier')}</dt>
            <dd className="col-sm-9">
              {r.supplier.companyName}, {r.supplier.city} ({r.supplier.countryAlpha2}) · {r.supplier.vatId}
            </dd>
            <dt className="col-sm-3">{t('pdf.certificates')}</dt>
            <dd className="col-sm-9">
              {[r.supplier.globalGapNumber ? `GLOBALG.A.P. ${r.supplier.globalGapNumber}` : '', ...r.supplier.certificates].filter(Boolean).join(', ') || '—'}
            </dd>
            <dt className="col-sm-3">{t('pdf.lot')}</dt>
            <dd className="col-sm-9">{[r.lot.lotNumber, ...new Set([r.lot.article[lng as 'en'] || r.lot.title, r.lot.title])].join(' · ')}</dd>
            <dt className="col-sm-3">{t('pdf.lotFacts')}</dt>
            <dd className="col-sm-9">
              {[r.lot.variety, r.lot.caliber, r.lot.qualityClass ? t(`pdf.class.${r.lot.qualityClass}`) : null, r.lot.originName].filter(Boolean).join(' · ')}
            </dd>
            <dt className="col-sm-3">{t('pdf.packedOn')}</dt>
            <dd className="col-sm-9">{day(r.lot.packedOn)}</dd>
          </dl>
        </Card.Body>
      </Card>
      <StartRecallForm lotNumber={r.lot.lotNumber} />
      <h3 className="h5">{t('pdf.forward')}</h3>
      {r.orders.length === 0 ? <p className="text-body-secondary">{t('pdf.noOrders')}</p> : null}
      {r.orders.map((o) => (
        <TraceOrderCard key={o.id} o={o} focused={r.focus.orderId === o.id} palletCode={r.focus.palletCode} day={day} />
      ))}
    </div>
  );
}

function TraceOrderCard({ o, focused, palletCode, day }: { o: TraceOrder; focused: boolean; palletCode: string | null; day: (iso: string | null) => string }) {
  const { t } = useTranslation('trace');
  const kg = useKg();
  const received = o.palletList.filter((p) => p.receivedAt !== null).length;
  return (
    <Card className={`mb-3 ${focused ? 'border-success border-2' : ''}`} data-testid="trace-order">
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        <Link to={paths.adminOrder(o.id)} className="fw-semibold">
          {o.number}
        </Link>
        <Badge bg="secondary">{t(`pdf.status.${o.status}`)}</Badge>
        {focused ? <Badge bg="success">{t('pdf.searchedHere')}</Badge> : null}
        <span className="ms-auto">{o.buyer.companyName}</span>
      </Card.Header>
      <Card.Body className="small">
        <dl className="row mb-2">
          <dt className="col-sm-3">{t('pdf.deliveredTo')}</dt>
          <dd className="col-sm-9">
            {o.deliveryAddress.address}, {o.deliveryAddress.postalCode} {o.deliveryAddress.city} ({o.deliveryAddress.countryAlpha2})
          </dd>
          <dt className="col-sm-3">{t('pdf.shipment')}</dt>
          <dd className="col-sm-9">
            {o.shipment ? [day(o.shipment.departureDate), o.shipment.carrierName, o.shipment.vehiclePlate].filter(Boolean).join(' · ') : t('pdf.notShipped')}
          </dd>
          <dt className="col-sm-3">{t('pdf.receipt')}</dt>
          <dd className="col-sm-9">{o.receipt ? `${day(o.receipt.at)}${o.receipt.automatic ? ` · ${t('pdf.automatic')}` : ''}` : '—'}</dd>
          <dt className="col-sm-3">{t('pdf.claims')}</dt>
          <dd className="col-sm-9">{o.claims.map((c) => `#${c.id} ${t(`pdf.claimStatus.${c.status}`)}`).join(', ') || '—'}</dd>
          <dt className="col-sm-3">{t('pdf.invoices')}</dt>
          <dd className="col-sm-9">{o.invoices.map((i) => `${i.number ?? t('pdf.unnumbered')} (${i.status})`).join(', ') || '—'}</dd>
        </dl>
        {o.palletList.length > 0 ? (
          <div className="table-responsive">
            <Table size="sm" className="mb-0" aria-label={t('pdf.pallets')}>
              <caption className="caption-top">{t('page.palletsOf', { received, total: o.palletList.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">SSCC</th>
                  <th scope="col" className="text-end">
                    {t('page.netKg')}
                  </th>
                  <th scope="col">{t('pdf.receipt')}</th>
                </tr>
              </thead>
              <tbody>
                {o.palletList.map((p) => (
                  <tr key={p.code} className={p.code === palletCode ? 'table-success' : undefined}>
                    <td>{p.seq}</td>
                    <td className="font-monospace text-break">
                      {p.code}
                      {p.gs1 ? null : <span className="text-body-secondary"> ({t('pdf.internal')})</span>}
                    </td>
                    <td className="text-end">{kg(p.netKg)}</td>
                    <td>{p.receivedAt ? day(p.receivedAt) : t('pdf.palletNotReceived')}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        ) : null}
      </Card.Body>
    </Card>
  );
}
