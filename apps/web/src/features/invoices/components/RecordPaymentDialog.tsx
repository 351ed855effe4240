import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PAYMENT_MAX, PAYMENT_MIN, PAYMENT_REFERENCE_MAX, todayInParis, type Invoice } from '@primeur/shared';
import { DateField } from '../../../components/DateField';
import { DecimalField } from '../../../components/DecimalField';
import { useErrorMessage } from '../../../lib/error-message';
import { useEuro } from '../../../lib/format';
import { newRequestKey } from '../../../lib/idempotency';
import { useRecordPayment } from '../api/invoices';

/**
 * The seller (or the operator) records money received on an invoice, or the refund paid on a credit
 * note (decision 964): the day (between the document's date and today), the amount (the app's decimal
 * field: a comma or a point; at least 0,01, at most the balance) and a bank reference. The balance is
 * proposed. The server checks the same limits; its refusal is shown in words.
 */
export function RecordPaymentDialog({ invoice, onClose }: { invoice: Invoice; onClose(): void }) {
  const { t } = useTranslation('invoices');
  const errorText = useErrorMessage();
  const euro = useEuro();
  const [key] = useState(newRequestKey);
  const [paidOn, setPaidOn] = useState(todayInParis());
  const [amount, setAmount] = useState<number | null>(invoice.balance);
  const [reference, setReference] = useState('');
  const record = useRecordPayment(invoice.id, key);
  const refund = invoice.kind === 'CREDIT_NOTE';
  const max = Math.min(invoice.balance ?? 0, PAYMENT_MAX);
  const id = `payment-${invoice.id}`;
  return (
    <Modal show onHide={onClose} centered data-testid={`payment-dialog-${invoice.id}`}>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (amount === null || !paidOn) return;
          record.mutate({ amount, paidOn, reference }, { onSuccess: onClose });
        }}
      >
        <Modal.Header closeButton closeLabel={t('payments.cancel')}>
          <Modal.Title as="h2" className="h5">
            {t(refund ? 'payments.refundTitle' : 'payments.title', { number: invoice.number })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small mb-3" data-testid="payment-balance">
            {t(refund ? 'payments.refundDue' : 'payments.balance', { amount: euro(invoice.balance) })}
          </p>
          <Form.Group className="mb-2">
            <Form.Label htmlFor={`${id}-on`}>{t('payments.paidOn')}</Form.Label>
            <DateField
              id={`${id}-on`}
              value={paidOn}
              maxDate={todayInParis()}
              minDate={invoice.issueDate ?? undefined}
              invalid={!paidOn}
              onChange={setPaidOn}
            />
          </Form.Group>
          <Form.Group className="mb-2">
            <Form.Label htmlFor={`${id}-amount`}>{t('payments.amount')}</Form.Label>
            <DecimalField
              id={`${id}-amount`}
              value={amount}
              minDecimals={2}
              maxDecimals={2}
              min={PAYMENT_MIN}
              max={max}
              required
              showProblem
              onChange={(v) => setAmount(v)}
            />
          </Form.Group>
          <Form.Group>
            <Form.Label htmlFor={`${id}-reference`}>{t('payments.reference')}</Form.Label>
            <Form.Control id={`${id}-reference`} value={reference} maxLength={PAYMENT_REFERENCE_MAX} onChange={(e) => setReference(e.target.value)} />
          </Form.Group>
          {record.isError ? (
            <Alert variant="danger" className="mt-3 mb-0 small" role="alert">
              {errorText(record.error)}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button type="button" variant="link" onClick={onClose}>
            {t('payments.cancel')}
          </Button>
          <Button type="submit" disabled={record.isPending || amount === null || !paidOn}>
            {t(refund ? 'payments.saveRefund' : 'payments.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
