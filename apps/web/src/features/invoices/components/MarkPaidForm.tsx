import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { todayInParis, type Invoice } from '@primeur/shared';
import { DateField } from '../../../components/DateField';
import { DecimalField } from '../../../components/DecimalField';
import { useErrorMessage } from '../../../lib/error-message';
import { useMarkPaid } from '../api/invoices';

/** The seller (or the operator) records the day the money arrived and the amount; the total is proposed. */
export function MarkPaidForm({ invoice, onDone }: { invoice: Invoice; onDone(): void }) {
  const { t } = useTranslation('invoices');
  const errorText = useErrorMessage();
  const [paidOn, setPaidOn] = useState(todayInParis());
  const [amount, setAmount] = useState<number | null>(invoice.total);
  const mark = useMarkPaid(invoice.id);
  const id = `paid-${invoice.id}`;
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2 mt-2"
      data-testid={`paid-form-${invoice.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (amount === null || !paidOn) return;
        mark.mutate({ paidOn, amount }, { onSuccess: onDone });
      }}
    >
      <Form.Group>
        <Form.Label htmlFor={`${id}-on`} className="small mb-0">
          {t('paid.paidOn')}
        </Form.Label>
        {/* The app's date field: the day in the reader's format, not the browser's mm/dd/yyyy. */}
        <DateField
          id={`${id}-on`}
          size="sm"
          value={paidOn}
          maxDate={todayInParis()}
          minDate={invoice.issueDate ?? undefined}
          invalid={!paidOn}
          onChange={setPaidOn}
        />
      </Form.Group>
      <Form.Group>
        <Form.Label htmlFor={`${id}-amount`} className="small mb-0">
          {t('paid.amount')}
        </Form.Label>
        <DecimalField id={`${id}-amount`} size="sm" value={amount} minDecimals={2} min={0.01} required onChange={(v) => setAmount(v)} />
      </Form.Group>
      <Button type="submit" size="sm" disabled={mark.isPending || amount === null || !paidOn}>
        {t('paid.save')}
      </Button>
      <Button type="button" size="sm" variant="link" onClick={onDone}>
        {t('paid.cancel')}
      </Button>
      {mark.isError ? (
        <Alert variant="danger" className="w-100 py-1 px-2 mb-0 small" role="alert">
          {errorText(mark.error)}
        </Alert>
      ) : null}
    </Form>
  );
}
