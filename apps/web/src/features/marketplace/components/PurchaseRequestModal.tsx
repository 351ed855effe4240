import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@primeur/shared';
import { DecimalField } from '../../../components/DecimalField';
import { LotMarketReference } from '../../../components/MarketReference';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import { useEuro } from '../../../lib/format';
import { usePurchaseRequest } from '../api/purchase-request';

/** A buyer asks the seller for some pallets of a lot (at most what is available), with an optional message. */
export function PurchaseRequestModal({ product, onClose }: { product: AdminProduct; onClose(): void }) {
  const { t } = useTranslation('marketplace');
  const errorMessage = useErrorMessage();
  const toast = useToast();
  const send = usePurchaseRequest(product.productId);
  const euro = useEuro();
  const [pallets, setPallets] = useState(1);
  const [message, setMessage] = useState('');
  const invalid = !Number.isInteger(pallets) || pallets < 1 || pallets > product.quantity;
  const error = send.error ? errorMessage(send.error) : null;
  return (
    <Modal show onHide={onClose} centered>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid) return;
          // The price the buyer reads: the request keeps it, or is refused if the lot's price moved (decision 982).
          send.mutate(
            { pallets, message, pricePerKg: product.price },
            {
              onSuccess: () => {
                toast.show('success', { message: t('request.sent') });
                onClose();
              },
            },
          );
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('request.title')} — {product.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error ? <Alert variant="danger">{error}</Alert> : null}
          <LotMarketReference productId={product.productId} price={product.price} />
          <p className="small" data-testid="request-keeps-price">
            {t('request.keepsPrice', { price: euro(product.price, { perKg: true }) })}
          </p>
          <Form.Group className="mb-3" controlId="request-pallets">
            <Form.Label>{t('request.pallets')}</Form.Label>
            <DecimalField
              id="request-pallets"
              maxDecimals={0}
              feedback={false}
              value={Number.isNaN(pallets) ? null : pallets}
              isInvalid={invalid}
              onChange={(v) => setPallets(v === null ? Number.NaN : v)}
            />
            <Form.Text>{t('request.max', { count: product.quantity })}</Form.Text>
            <Form.Control.Feedback type="invalid">{t('request.palletsInvalid', { count: product.quantity })}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="request-message">
            <Form.Label>
              {t('request.message')} <span className="text-body-secondary small">({t('optional')})</span>
            </Form.Label>
            <Form.Control as="textarea" rows={3} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={send.isPending || invalid}>
            {t('request.send')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
