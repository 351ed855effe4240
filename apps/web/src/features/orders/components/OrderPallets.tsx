import { useState } from 'react';
import { Alert, Button, Card, Form, InputGroup, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type Order } from '@primeur/shared';
import { ApiError } from '../../../lib/api';
import { useKg } from '../../../lib/format';
import { palletLabelsUrl, palletsCsvUrl, usePallets, useReceivePallet } from '../api/pallets';

/**
 * The despatch advice on the order page (issue 37): each pallet's SSCC (or internal number), weights
 * and receipt, its labels and CSV; while the goods are on the way, the buyer scans or types each
 * pallet as it comes off the truck.
 */
export function OrderPallets({ order: o }: { order: Order }) {
  const { t, i18n } = useTranslation('pallets');
  const lng = i18n.resolvedLanguage ?? 'en';
  const shipped = o.shipment !== null;
  const pallets = usePallets(o.id, shipped);
  const receive = useReceivePallet(o.id);
  const kg = useKg();
  const [code, setCode] = useState('');
  if (!shipped || !Array.isArray(pallets.data?.items) || pallets.data.items.length === 0) return null;
  const advice = pallets.data;
  const canScan = o.viewerSide === 'buyer' && o.status === 'SHIPPED';
  const failure = receive.error instanceof ApiError ? receive.error.body?.code : receive.error ? 'UNKNOWN' : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (code.trim()) receive.mutate(code.trim(), { onSuccess: () => setCode('') });
  };

  return (
    <Card className="shadow-sm mb-4" data-testid="order-pallets">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <Card.Title as="h2" className="h6 mb-0 me-auto">
            {t('page.pallets.title', { count: advice.items.length })}
          </Card.Title>
          <a href={palletLabelsUrl(o.id, lng)} target="_blank" rel="noopener" data-testid="pallet-labels" className="small">
            {t('page.pallets.labels')}
          </a>
          <a href={palletsCsvUrl(o.id)} className="small">
            CSV
          </a>
        </div>
        <p className="small text-body-secondary mb-2">
          {t('page.pallets.lot', { lot: advice.lotNumber })} · {t('page.pallets.received', { received: advice.received, total: advice.items.length })}
        </p>
        {canScan ? (
          <Form noValidate onSubmit={submit} className="mb-2">
            <Form.Label htmlFor="pallet-scan" className="small mb-1">
              {t('page.pallets.scan')}
            </Form.Label>
            <InputGroup size="sm">
              <Form.Control
                id="pallet-scan"
                value={code}
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                isInvalid={failure !== null}
                onChange={(e) => setCode(e.target.value)}
                aria-describedby="pallet-scan-feedback"
              />
              <Button type="submit" disabled={receive.isPending || !code.trim()}>
                {t('page.pallets.receive')}
              </Button>
              <Form.Control.Feedback type="invalid" id="pallet-scan-feedback">
                {failure ? t(`errors:${failure}`, t('errors:UNKNOWN')) : null}
              </Form.Control.Feedback>
            </InputGroup>
          </Form>
        ) : null}
        {receive.isSuccess ? (
          <Alert variant="success" className="py-1 px-2 small mb-2" role="status">
            {t('page.pallets.scanned')}
          </Alert>
        ) : null}
        <div className="table-responsive">
          <Table size="sm" className="mb-0 small">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('page.pallets.code')}</th>
                <th scope="col" className="text-end">
                  {t('page.pallets.net')}
                </th>
                <th scope="col" className="text-end">
                  {t('page.pallets.gross')}
                </th>
                <th scope="col">{t('page.pallets.receipt')}</th>
              </tr>
            </thead>
            <tbody>
              {advice.items.map((p) => (
                <tr key={p.code} data-testid="pallet-row" data-received={p.receivedAt !== null}>
                  <td>{p.seq}</td>
                  <td className="font-monospace text-break">
                    {p.code}
                    {p.gs1 ? null : <div className="text-body-secondary">{t('page.pallets.internal')}</div>}
                  </td>
                  <td className="text-end text-nowrap">{kg(p.netKg)}</td>
                  <td className="text-end text-nowrap">{p.grossKg === null ? '–' : kg(p.grossKg)}</td>
                  <td>{p.receivedAt ? formatDateTime(p.receivedAt, lng) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </Card.Body>
    </Card>
  );
}
