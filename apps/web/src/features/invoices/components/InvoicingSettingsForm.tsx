import { useEffect, useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { invoicingSettings } from '@primeur/shared';
import { ApiError } from '../../../lib/api';
import { useInvoicingSettings, useSaveInvoicingSettings } from '../api/invoices';
import { SectionCard } from '../../../components/SectionCard';

type Field = 'iban' | 'bic' | 'invoicePrefix';
const FIELDS: Field[] = ['iban', 'bic', 'invoicePrefix'];

/**
 * The seller's bank account (printed on its invoices as a SEPA transfer instead of "bank details on
 * request", decision 763) and its invoice number prefix, on the issued tab of /user/invoices.
 */
export function InvoicingSettingsForm() {
  const { t } = useTranslation('invoices');
  const current = useInvoicingSettings(true);
  const save = useSaveInvoicingSettings();
  const [values, setValues] = useState<Record<Field, string>>({ iban: '', bic: '', invoicePrefix: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (current.data)
      setValues({
        iban: current.data.iban?.replace(/(.{4})/g, '$1 ').trim() ?? '',
        bic: current.data.bic ?? '',
        invoicePrefix: current.data.invoicePrefix ?? '',
      });
  }, [current.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    // The same schema as the server: mistakes are shown before anything is sent.
    const parsed = invoicingSettings.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(values, {
      onSuccess: () => setSaved(true),
      onError: (err) => {
        const details = err instanceof ApiError ? (err.body?.details ?? []) : [];
        setErrors(Object.fromEntries(details.map((d) => [String(d.path).replace(/^body\./, ''), d.message])));
      },
    });
  };

  return (
    <SectionCard title={t('settings.title')} testId="invoicing-settings" className="mb-3" titleClassName="">
      <p className="small text-body-secondary">{t('settings.help')}</p>
      <Form noValidate onSubmit={submit}>
        <Row className="g-2 align-items-end">
          {FIELDS.map((f) => (
            <Col key={f} xs={12} md={f === 'iban' ? 6 : 3}>
              <Form.Group controlId={`invoicing-${f}`}>
                <Form.Label className="small mb-0">{t(`settings.${f}`)}</Form.Label>
                <Form.Control
                  size="sm"
                  value={values[f]}
                  placeholder={f === 'invoicePrefix' ? current.data?.defaultPrefix : undefined}
                  isInvalid={Boolean(errors[f])}
                  onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                  autoComplete="off"
                  spellCheck={false}
                />
                <Form.Control.Feedback type="invalid">
                  {errors[f] ? t(`settings.errors.${errors[f]}`, t('settings.errors.invalid')) : null}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
          ))}
        </Row>
        <div className="d-flex align-items-center gap-2 mt-2">
          <Button type="submit" size="sm" disabled={save.isPending || current.isLoading}>
            {t('settings.save')}
          </Button>
          {saved ? (
            <Alert variant="success" className="py-1 px-2 mb-0 small" role="status">
              {t('settings.saved')}
            </Alert>
          ) : null}
        </div>
      </Form>
    </SectionCard>
  );
}
