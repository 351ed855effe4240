import { useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productRequest, type ProductRequestSent } from '@primeur/shared';
import { addDays, DateRangePicker, todayIso } from '../../../components/DateRangePicker';
import { DecimalField, type DecimalProblem } from '../../../components/DecimalField';
import { useToast } from '../../../components/Toasts';
import { useAllowedSuppliers } from '../api/allowed-suppliers';
import { useArticles, useBoxes, useCatalogLabels, usePackagings } from '../../../lib/lookups';
import { useSendRequest } from '../api/send-request';
import { StatusBadge } from './StatusBadge';
import { SupplierContacts } from './SupplierContacts';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/LoadFailed';
import { paths } from '../../../lib/routes';

/**
 * /intern/requestProduct: ask chosen supplier contacts for a product by email (spec §2, §5). The form
 * validates on submit and re-validates on every change after that, with the shared request schema.
 */
export function RequestProductPage() {
  const { t, i18n } = useTranslation('requests');
  const labels = useCatalogLabels();
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const toast = useToast();
  const articles = useArticles();
  const packagings = usePackagings();
  const boxes = useBoxes();
  const [product, setProduct] = useState<number | null>(null);
  const [packaging, setPackaging] = useState<number | null>(null);
  const [box, setBox] = useState<number | null>(null);
  const [caliber, setCaliber] = useState('');
  const [volume, setVolume] = useState<number | null>(null);
  const [volumeProblem, setVolumeProblem] = useState<DecimalProblem | null>(null);
  const [start, setStart] = useState(todayIso());
  const [end, setEnd] = useState(addDays(todayIso(), 7));
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [result, setResult] = useState<ProductRequestSent | null>(null);
  const suppliers = useAllowedSuppliers(product);
  const send = useSendRequest();

  const payload = {
    product: product ?? 0,
    packaging,
    box,
    caliber,
    volume: volume ?? undefined,
    startDate: start,
    endDate: end,
    contacts: [...chosen],
  };
  const parsed = productRequest.safeParse(payload);
  const errors = useMemo(() => {
    const e: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) e[String(i.path[0])] ??= i.message;
    return e;
  }, [parsed]);
  const error = (field: string) => (submitted && errors[field] ? t(`errors.${errors[field]}`, { defaultValue: t('errors.invalid') }) : undefined);
  const name = (a: { names: Record<string, string>; article: string }) => a.names[lng] || a.article;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success || volumeProblem) return;
    send.mutate(parsed.data, {
      onSuccess: (r) => {
        setResult(r);
        toast.show('success', { message: t('request.sent', { count: r.messages.length }) });
      },
      onError: () => toast.show('default'),
    });
  };

  return (
    <>
      <PageTitle>{t('request.title')}</PageTitle>
      <Form noValidate onSubmit={onSubmit}>
        <Row className="g-3 mb-3">
          <Col md={4}>
            <Form.Group controlId="rq-product">
              <Form.Label>{t('request.product')}</Form.Label>
              <Form.Select
                value={product ?? ''}
                isInvalid={!!error('product')}
                onChange={(e) => {
                  setProduct(Number(e.target.value) || null);
                  setChosen(new Set());
                  setResult(null);
                }}
              >
                <option value="">{t('request.choose')}</option>
                {[...(articles.data ?? [])]
                  .sort((a, b) => name(a).localeCompare(name(b), lng))
                  .map((a) => (
                    <option key={a.id} value={a.id}>
                      {name(a)}
                    </option>
                  ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{error('product')}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col md={4}>
            <Form.Group controlId="rq-packaging">
              <Form.Label>{t('request.packaging')}</Form.Label>
              <Form.Select value={packaging ?? ''} onChange={(e) => setPackaging(Number(e.target.value) || null)}>
                <option value="">{t('request.any')}</option>
                {labels.options(packagings.data).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={4}>
            <Form.Group controlId="rq-box">
              <Form.Label>{t('request.box')}</Form.Label>
              <Form.Select value={box ?? ''} onChange={(e) => setBox(Number(e.target.value) || null)}>
                <option value="">{t('request.any')}</option>
                {labels.options(boxes.data).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={3}>
            <Form.Group controlId="rq-caliber">
              <Form.Label>{t('request.caliber')}</Form.Label>
              <Form.Control value={caliber} maxLength={50} isInvalid={!!error('caliber')} onChange={(e) => setCaliber(e.target.value)} required />
              <Form.Control.Feedback type="invalid">{error('caliber')}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col md={3}>
            <Form.Group controlId="rq-volume">
              <Form.Label>{t('request.volume')}</Form.Label>
              <DecimalField
                id="rq-volume"
                value={volume}
                maxDecimals={3}
                required
                showProblem={submitted}
                isInvalid={!volumeProblem && !!error('volume')}
                onChange={(v, problem) => {
                  setVolume(v);
                  setVolumeProblem(problem);
                }}
              />
              {volumeProblem ? null : <Form.Control.Feedback type="invalid">{error('volume')}</Form.Control.Feedback>}
            </Form.Group>
          </Col>
          <Col md={4}>
            <Form.Label htmlFor="rq-dates">{t('request.dates')}</Form.Label>
            <DateRangePicker
              id="rq-dates"
              label={t('request.dates')}
              start={start}
              end={end}
              onChange={(s, e) => {
                setStart(s);
                setEnd(e);
              }}
            />
          </Col>
        </Row>

        <h2 className="h5">{t('request.suppliers')}</h2>
        {product === null ? (
          <p className="text-muted">{t('request.pickProduct')}</p>
        ) : suppliers.isLoading ? (
          <Spinner animation="border" role="status" />
        ) : suppliers.isError ? (
          <LoadFailed message={t('common:toasts.cantFetchData')} onRetry={() => void suppliers.refetch()} busy={suppliers.isFetching} />
        ) : (
          <SupplierContacts
            suppliers={suppliers.data ?? []}
            chosen={chosen}
            onToggle={(id, on) =>
              setChosen((cur) => {
                const next = new Set(cur);
                if (on) next.add(id);
                else next.delete(id);
                return next;
              })
            }
          />
        )}
        {error('contacts') ? <Alert variant="warning">{error('contacts')}</Alert> : null}
        <Button type="submit" variant="success" disabled={send.isPending}>
          {send.isPending ? t('request.sending') : t('request.send')}
        </Button>
      </Form>

      {result ? (
        <div className="mt-4" data-testid="request-result">
          <h2 className="h5">{t('request.result')}</h2>
          <Table size="sm" responsive>
            <thead>
              <tr>
                <th>{t('outbox.to')}</th>
                <th>{t('outbox.company')}</th>
                <th>{t('outbox.language')}</th>
                <th>{t('outbox.status')}</th>
              </tr>
            </thead>
            <tbody>
              {result.messages.map((m) => (
                <tr key={m.id}>
                  <td>{m.to}</td>
                  <td>{m.company}</td>
                  <td>{m.language.toUpperCase()}</td>
                  <td>
                    <StatusBadge status={m.status} /> {m.error ? <span className="small text-danger">{m.error}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Link to={paths.outbox}>{t('request.openOutbox')}</Link>
        </div>
      ) : null}
    </>
  );
}
