import { useRef, useState } from 'react';
import { Accordion, Alert, Badge, Button, Card, Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay, type PriceImportRecord, type PriceImportResult, type StoredPrices } from '@primeur/shared';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { useImportPrices } from '../api/import-prices';
import { useImportStatus } from '../api/import-status';
import { useRunPriceFetch } from '../api/run-fetch';

const EXAMPLE = `date,source,family,name,minPrice,maxPrice,avgPrice
2026-04-01,Mercabarna,legumes,Tomato,1.10,1.90,1.45
2026-04-01,Mercabarna,fruits,Orange,0.70,1.10,0.85`;

type Translate = ReturnType<typeof useTranslation>['t'];

/** The refusal in the reader's language: the line and its reason when the server named them, the code's message otherwise. */
function refusalText(err: unknown, t: Translate, lng: string | undefined): string {
  const body = (err instanceof ApiError ? err.body : undefined) as
    { line?: number; details?: Array<{ path: string }>; reason?: { key: string; params: Record<string, string | number> } } | undefined;
  const reason = body?.reason && body.line !== undefined ? t(`import.reasons.${body.reason.key}`, { ...body.reason.params, defaultValue: '' }) : '';
  if (!reason) return errorMessage(err, t, { lng });
  const unit = body?.details?.[0]?.path.startsWith('row') ? 'row' : 'line';
  return `${t(`import.at.${unit}`, { n: body?.line })} ${reason}`;
}

/** Upload of a price file, the documented format, and the status of the last imports. */
export function PriceImportPanel() {
  const { t, i18n } = useTranslation('prices');
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<PriceImportResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useImportPrices();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setResult(null);
    setRefusal(null);
    upload.mutate(file, {
      onSuccess: (r) => {
        setResult(r);
        setFile(null);
        if (fileRef.current) fileRef.current.value = '';
      },
      onError: (err) => setRefusal(refusalText(err, t, i18n.resolvedLanguage)),
    });
  };

  return (
    <Card className="mt-4 shadow-sm" data-testid="price-import">
      <Card.Header>
        <h2 className="h5 mb-0">{t('import.title')}</h2>
      </Card.Header>
      <Card.Body>
        <Form onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-end">
          <Form.Group controlId="price-file" className="flex-grow-1">
            <Form.Label>{t('import.file')}</Form.Label>
            <Form.Control
              ref={fileRef}
              type="file"
              accept=".csv,.json,text/csv,application/json"
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
          </Form.Group>
          <Button type="submit" disabled={!file || upload.isPending}>
            {upload.isPending ? t('import.importing') : t('import.submit')}
          </Button>
        </Form>
        {result ? (
          <Alert variant="success" className="mt-3 mb-0" data-testid="import-success">
            {t('import.success', { count: result.rowCount, dates: result.dates.join(', ') })}
          </Alert>
        ) : null}
        {refusal ? (
          <Alert variant="danger" className="mt-3 mb-0" data-testid="import-refused">
            <strong>{t('import.refused')}</strong> {refusal}
          </Alert>
        ) : null}
        <Accordion className="mt-3">
          <Accordion.Item eventKey="help">
            <Accordion.Header>{t('import.helpTitle')}</Accordion.Header>
            <Accordion.Body className="small">
              <p>{t('import.help.intro')}</p>
              <p className="mb-1">{t('import.help.csv')}</p>
              <ul>
                <li>
                  <code>{t('import.help.key')}</code>
                </li>
                <li>
                  <code>{t('import.help.market')}</code>
                </li>
                <li>
                  <code>{t('import.help.grower')}</code>
                </li>
              </ul>
              <p>
                <code>{t('import.help.json')}</code>
              </p>
              <div>{t('import.help.example')}</div>
              <pre className="bg-light p-2 border rounded mb-0">{EXAMPLE}</pre>
            </Accordion.Body>
          </Accordion.Item>
        </Accordion>
        <ImportStatus />
      </Card.Body>
    </Card>
  );
}

function ImportStatus() {
  const { t, i18n } = useTranslation('prices');
  const { data } = useImportStatus();
  const fetchNow = useRunPriceFetch();
  if (!data) return null;
  const stored = (s: StoredPrices, type: string) =>
    s.rows > 0 && s.from && s.to
      ? t('status.storedRows', {
          count: s.rows,
          type,
          days: t('status.days', { count: s.days }),
          from: formatDay(s.from, i18n.resolvedLanguage),
          to: formatDay(s.to, i18n.resolvedLanguage),
        })
      : t('status.storedNone', { type });
  const when = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);
  return (
    <div className="mt-3" data-testid="import-status">
      <h3 className="h6">{t('status.title')}</h3>
      <p className="small text-muted mb-2">
        {data.schedule.enabled
          ? t('status.scheduled', {
              hour: data.schedule.hour,
              count: data.schedule.sourceCount,
              next: data.schedule.nextRunAt ? when(data.schedule.nextRunAt) : '–',
            })
          : t('status.disabled')}
        {data.schedule.enabled ? (
          <Button variant="outline-secondary" size="sm" className="ms-2" disabled={fetchNow.isPending} onClick={() => fetchNow.mutate()}>
            {fetchNow.isPending ? t('status.fetching') : t('status.fetchNow')}
          </Button>
        ) : null}
      </p>
      {data.lastScheduled ? (
        <p className="small mb-2">
          {t('status.lastScheduled')}: <ImportLine rec={data.lastScheduled} when={when} />
        </p>
      ) : null}
      <p className="small mb-2" data-testid="prices-stored">
        {t('status.stored', { market: stored(data.stored.market, t('status.typeMarket')), grower: stored(data.stored.grower, t('status.typeGrower')) })}{' '}
        {data.stored.market.rows + data.stored.grower.rows > 0 ? t('status.seededNote') : null}
      </p>
      {data.recent.length === 0 ? <p className="small mb-0">{t('status.none')}</p> : null}
      <ListGroup variant="flush" className="small">
        {data.recent.map((r) => (
          <ListGroup.Item key={r.id} className="px-0">
            <ImportLine rec={r} when={when} />
          </ListGroup.Item>
        ))}
      </ListGroup>
    </div>
  );
}

function ImportLine({ rec, when }: { rec: PriceImportRecord; when: (iso: string) => string }) {
  const { t } = useTranslation('prices');
  return (
    <span data-testid="import-record">
      <Badge bg={rec.status === 'ok' ? 'success' : 'danger'} className="me-2">
        {t(`status.${rec.status}`)}
      </Badge>
      {when(rec.finishedAt)} · {t(`status.origin.${rec.origin}`)} · <span className="text-break">{rec.label}</span>
      {rec.status === 'ok' ? <> · {t('status.rows', { count: rec.rowCount })}</> : null}
      {rec.error ? <div className="text-danger">{rec.error}</div> : null}
    </span>
  );
}
