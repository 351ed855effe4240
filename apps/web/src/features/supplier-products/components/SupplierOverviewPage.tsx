import { Fragment, useState } from 'react';
import { Badge, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BsChevronDown, BsChevronRight } from 'react-icons/bs';
import { useSearchParams } from 'react-router';
import { CLASS_NOT_STATED, formatDayRange, FAMILIES, OVERVIEW_CLASS_FILTERS, QUALITY_CLASSES } from '@primeur/shared';
import { addDays, DateRangePicker, todayIso } from '../../../components/DateRangePicker';
import { Flag } from '../../../components/Flag';
import { QualityBadge } from '../../../components/LotFacts';
import { countryName, euro, percent } from '../../../lib/format';
import { oneOf } from '../../../lib/list-params';
import { useArticles, useCatalogLabels } from '../../../lib/lookups';
import { useOverview } from '../api/overview';
import { useOverviewDistinct } from '../api/overview-distinct';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/LoadFailed';

/**
 * /intern/supplierOverview: the volume-weighted average discounted price per kg of one article over a
 * date range, computed by the server, with each supplier's lines on demand (spec §2, §9).
 * The filters live in the address so the page can be reloaded or shared. The class is not tied to
 * the article (the list is fixed, as on the lot lists), so it stays when the article changes;
 * an unknown one in the address is ignored (decision 942). "Class not stated" (`qualityClass=none`)
 * keeps only the lines whose class the supplier did not state (decision 960).
 */
export function SupplierOverviewPage() {
  const { t, i18n } = useTranslation('supplier-products');
  const labels = useCatalogLabels();
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const [params, setParams] = useSearchParams();
  const family = params.get('family') ?? 'fruits';
  const productId = Number(params.get('product')) || null;
  const start = params.get('from') ?? todayIso();
  const end = params.get('to') ?? addDays(start, 7);
  const originId = Number(params.get('origin')) || undefined;
  const caliber = params.get('caliber') ?? '';
  const qualityClass = oneOf(OVERVIEW_CLASS_FILTERS, params.get('qualityClass') ?? '');
  const set = (patch: Record<string, string | null>) =>
    setParams((cur) => {
      const next = new URLSearchParams(cur);
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  const articles = useArticles();
  const distinct = useOverviewDistinct(productId, start, end);
  const overview = useOverview(productId ? { productId, startDate: start, endDate: end, originId, caliber: caliber || undefined, qualityClass } : null);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const name = (a: { names: Record<string, string>; article: string }) => a.names[lng] || a.article;
  const shownArticles = (articles.data ?? []).filter((a) => a.family === family).sort((a, b) => name(a).localeCompare(name(b), lng));

  return (
    <>
      <PageTitle>{t('overview.title')}</PageTitle>
      {/* Three filters a line up to xxl: the article and its period, then what narrows its lines. */}
      <Row className="g-3 mb-3">
        <Col sm={6} md={4} xxl={2}>
          <Form.Group controlId="ov-family">
            <Form.Label>{t('overview.family')}</Form.Label>
            <Form.Select value={family} onChange={(e) => set({ family: e.target.value, product: null, origin: null, caliber: null })}>
              {FAMILIES.map((f) => (
                <option key={f} value={f}>
                  {t(`overview.families.${f}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6} md={4} xxl={2}>
          <Form.Group controlId="ov-article">
            <Form.Label>{t('overview.article')}</Form.Label>
            <Form.Select value={productId ?? ''} onChange={(e) => set({ product: e.target.value, origin: null, caliber: null })}>
              <option value="">{t('choose')}</option>
              {shownArticles.map((a) => (
                <option key={a.id} value={a.id}>
                  {name(a)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6} md={4} xxl={2}>
          <Form.Label htmlFor="ov-dates">{t('fields.dates')}</Form.Label>
          <DateRangePicker id="ov-dates" label={t('fields.dates')} start={start} end={end} onChange={(s, e) => set({ from: s, to: e })} />
        </Col>
        <Col sm={6} md={4} xxl={2}>
          <Form.Group controlId="ov-origin">
            <Form.Label>{t('fields.origin')}</Form.Label>
            <Form.Select value={originId ?? ''} onChange={(e) => set({ origin: e.target.value })} disabled={!productId}>
              <option value="">{t('overview.all')}</option>
              {(distinct.data?.origins ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {countryName(o.alpha2, lng, o.name)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6} md={4} xxl={2}>
          <Form.Group controlId="ov-caliber">
            <Form.Label>{t('fields.caliber')}</Form.Label>
            <Form.Select value={caliber} onChange={(e) => set({ caliber: e.target.value })} disabled={!productId}>
              <option value="">{t('overview.all')}</option>
              {(distinct.data?.calibers ?? []).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6} md={4} xxl={2}>
          <Form.Group controlId="ov-class">
            <Form.Label>{t('fields.qualityClass')}</Form.Label>
            <Form.Select value={qualityClass ?? ''} onChange={(e) => set({ qualityClass: e.target.value })} disabled={!productId}>
              <option value="">{t('overview.all')}</option>
              {QUALITY_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {t(`marketplace:lotFacts.class.${c}`)}
                </option>
              ))}
              <option value={CLASS_NOT_STATED}>{t('overview.classNotStated')}</option>
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>

      {!productId ? (
        <p className="text-muted">{t('overview.pickArticle')}</p>
      ) : overview.isLoading ? (
        <Spinner animation="border" role="status" />
      ) : overview.isError || !overview.data ? (
        <LoadFailed message={t('common:toasts.cantFetchData')} onRetry={() => void overview.refetch()} busy={overview.isFetching} />
      ) : (
        <>
          <Card className="mb-3" style={{ maxWidth: 420 }}>
            <Card.Body>
              <div className="text-muted small">{t('overview.average')}</div>
              <div className="fs-3 fw-semibold" data-testid="overview-average">
                {overview.data.average === null ? '–' : euro(overview.data.average, lng, { decimals: 3, perKg: true })}
              </div>
              <div className="small text-muted">{t('overview.totalVolume', { count: overview.data.volume })}</div>
            </Card.Body>
          </Card>
          {overview.data.suppliers.length ? (
            <Table hover size="sm" responsive className="align-middle">
              <thead>
                <tr>
                  <th style={{ width: 40 }} />
                  <th>{t('supplier')}</th>
                  <th>{t('overview.discount')}</th>
                  <th>{t('fields.volume')}</th>
                  <th>{t('overview.supplierAverage')}</th>
                </tr>
              </thead>
              <tbody>
                {overview.data.suppliers.map((s) => {
                  const isOpen = open.has(s.supplier.id);
                  return (
                    <Fragment key={s.supplier.id}>
                      <tr data-testid={`overview-supplier-${s.supplier.id}`}>
                        <td>
                          <Button
                            size="sm"
                            variant="link"
                            aria-expanded={isOpen}
                            aria-label={t(isOpen ? 'details.collapse' : 'details.expand', { product: s.supplier.company })}
                            onClick={() =>
                              setOpen((cur) => {
                                const next = new Set(cur);
                                if (next.has(s.supplier.id)) next.delete(s.supplier.id);
                                else next.add(s.supplier.id);
                                return next;
                              })
                            }
                          >
                            {isOpen ? <BsChevronDown aria-hidden="true" /> : <BsChevronRight aria-hidden="true" />}
                          </Button>
                        </td>
                        <td>{s.supplier.company}</td>
                        <td>{percent(s.discount, lng)}</td>
                        <td>{s.volume}</td>
                        <td>{s.average === null ? '–' : euro(s.average, lng, { decimals: 3, perKg: true })}</td>
                      </tr>
                      {isOpen ? (
                        <tr>
                          <td colSpan={5} className="bg-light">
                            <Table size="sm" className="mb-0 bg-white nested-table" responsive>
                              <thead>
                                <tr>
                                  <th>{t('fields.origin')}</th>
                                  <th>{t('fields.packaging')}</th>
                                  <th>{t('fields.box')}</th>
                                  <th>{t('fields.caliber')}</th>
                                  <th>{t('fields.qualityClass')}</th>
                                  <th>{t('fields.priceKg')}</th>
                                  <th>{t('overview.discounted')}</th>
                                  <th>{t('fields.volume')}</th>
                                  <th>{t('fields.dates')}</th>
                                </tr>
                              </thead>
                              <tbody>
                                {s.variants.map((v) => (
                                  <tr key={v.id}>
                                    <td>{v.origin ? <Flag code={v.origin.alpha2} title={countryName(v.origin.alpha2, lng, v.origin.name)} /> : '–'}</td>
                                    <td>{labels.packaging(v.packaging) || '–'}</td>
                                    <td>{labels.box(v.box) || '–'}</td>
                                    <td>{v.caliber || '–'}</td>
                                    {/* The badge of the lot views; "–" when the supplier did not state a class (decision 915). */}
                                    <td>{v.qualityClass ? <QualityBadge value={v.qualityClass} /> : '–'}</td>
                                    <td>{euro(v.priceKg, lng)}</td>
                                    <td>
                                      {euro(v.discountedPriceKg, lng)} {s.discount ? <Badge bg="secondary">−{percent(s.discount, lng)}</Badge> : null}
                                    </td>
                                    <td>{v.volume}</td>
                                    <td className="text-nowrap">{formatDayRange(v.startDate, v.endDate, lng)}</td>
                                  </tr>
                                ))}
                              </tbody>
                            </Table>
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </Table>
          ) : (
            <p className="text-muted">{t('overview.empty')}</p>
          )}
        </>
      )}
    </>
  );
}
