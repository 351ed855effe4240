import { useState } from 'react';
import { Button, Col, Form, Modal, Row } from 'react-bootstrap';
import Select from 'react-select';
import { useTranslation } from 'react-i18next';
import type { Transport } from '@primeur/shared';
import { DecimalField, type DecimalProblem } from '../../../components/DecimalField';
import { useEuro } from '../../../lib/format';
import { useTransports } from '../../../lib/lookups';
import { useAddTransport } from '../api/catalog-lookups';
import { useClearCarrier } from '../api/clear-carrier';
import type { CompanyKind } from '../api/get-company-options';
import { useSetCarrier } from '../api/set-carrier';
import { useNotify } from './notify';
import { pickerProps } from '../../../components/picker';

interface Props {
  kind: CompanyKind;
  companyId: number;
  carrier: Transport | null;
}

/** Carrier picker with a "new carrier" dialog (POST /api/intern/transport/add, price 0 by default). */
export function CarrierField({ kind, companyId, carrier }: Props) {
  const { t } = useTranslation('companies');
  const euro = useEuro();
  const notify = useNotify();
  const { data: transports = [], isLoading } = useTransports();
  const set = useSetCarrier(kind);
  const clear = useClearCarrier(kind);
  const addTransport = useAddTransport();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [price, setPrice] = useState<number | null>(0);
  const [priceProblem, setPriceProblem] = useState<DecimalProblem | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (v: Transport | null) => {
    const done = { onSuccess: notify.saved, onError: (e: unknown) => notify.failed(e) };
    if (v) set.mutate({ id: companyId, carrierId: v.id }, done);
    else clear.mutate(companyId, done);
  };
  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('validation.carrierRequired');
    if (priceProblem || price === null) return setError('validation.priceInvalid');
    try {
      const created = await addTransport.mutateAsync({ carrier: name.trim(), price });
      setCreating(false);
      setName('');
      setPrice(0);
      setError(null);
      choose(created);
    } catch (err) {
      notify.failed(err);
    }
  };

  return (
    <>
      <div className="d-flex gap-2">
        <div className="flex-grow-1">
          <Select<Transport>
            inputId={`carrier-${kind}`}
            options={transports}
            value={carrier ? (transports.find((x) => x.id === carrier.id) ?? carrier) : null}
            onChange={(v) => choose(v ?? null)}
            isClearable
            isLoading={isLoading || set.isPending || clear.isPending}
            getOptionLabel={(x) => `${x.carrier} — ${euro(x.price)}`}
            getOptionValue={(x) => String(x.id)}
            placeholder={t('settings.noCarrier')}
            noOptionsMessage={() => t('common:select.noOptions')}
            {...pickerProps<Transport>()}
          />
        </div>
        <Button variant="outline-secondary" onClick={() => setCreating(true)}>
          {t('settings.newCarrier')}
        </Button>
      </div>
      <Modal show={creating} onHide={() => setCreating(false)} centered>
        <Form noValidate onSubmit={create}>
          <Modal.Header closeButton closeLabel={t('common:actions.close')}>
            <Modal.Title as="h2" className="h5">
              {t('settings.newCarrier')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Row className="g-2">
              <Form.Group as={Col} sm={8} controlId="new-carrier-name">
                <Form.Label>{t('settings.carrierName')}</Form.Label>
                <Form.Control value={name} onChange={(e) => setName(e.target.value)} isInvalid={error === 'validation.carrierRequired'} />
              </Form.Group>
              <Form.Group as={Col} sm={4} controlId="new-carrier-price">
                <Form.Label>{t('settings.carrierPrice')}</Form.Label>
                <DecimalField
                  value={price}
                  maxDecimals={2}
                  required
                  onChange={(v, problem) => {
                    setPrice(v);
                    setPriceProblem(problem);
                  }}
                  isInvalid={error === 'validation.priceInvalid'}
                />
              </Form.Group>
            </Row>
            {error ? <div className="invalid-feedback d-block">{t(error)}</div> : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setCreating(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={addTransport.isPending}>
              {t('common:actions.add')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
