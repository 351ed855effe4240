import { useEffect, useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { shippingSettingsInput } from '@primeur/shared';
import { ApiError } from '../../../lib/api';
import { SectionCard } from '../../../components/SectionCard';
import { useSaveShippingSettings, useShippingSettings } from '../api/pallets';

/**
 * The seller's GS1 company prefix (issue 37), on the selling tab of /user/orders: with one, its pallets
 * get SSCCs; without, Primeur's internal pallet numbers. Checked by the server's own schema first.
 */
export function ShippingSettingsForm() {
  const { t } = useTranslation('pallets');
  const current = useShippingSettings(true);
  const save = useSaveShippingSettings();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (current.data) setValue(current.data.gs1CompanyPrefix ?? '');
  }, [current.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const parsed = shippingSettingsInput.safeParse({ gs1CompanyPrefix: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'invalidGs1Prefix');
    setError(null);
    save.mutate(value, {
      onSuccess: () => setSaved(true),
      onError: (err) => setError(err instanceof ApiError && err.body?.code === 'COMPANY_PREFIX_TAKEN' ? 'prefixTaken' : 'failed'),
    });
  };

  return (
    <SectionCard title={t('page.gs1.title')} testId="shipping-settings" className="mb-3" titleClassName="">
      <p className="small text-body-secondary">{t('page.gs1.help')}</p>
      <Form noValidate onSubmit={submit}>
        <Form.Label htmlFor="gs1-prefix" className="small mb-1">
          {t('page.gs1.prefix')}
        </Form.Label>
        <InputGroup size="sm" style={{ maxWidth: '28rem' }}>
          <Form.Control
            id="gs1-prefix"
            value={value}
            inputMode="numeric"
            maxLength={32}
            autoComplete="off"
            isInvalid={error !== null}
            onChange={(e) => setValue(e.target.value)}
            aria-describedby="gs1-prefix-feedback"
          />
          <Button type="submit" disabled={save.isPending || current.isLoading}>
            {t('page.gs1.save')}
          </Button>
          <Form.Control.Feedback type="invalid" id="gs1-prefix-feedback">
            {error ? t(`page.gs1.errors.${error}`, t('page.gs1.errors.failed')) : null}
          </Form.Control.Feedback>
        </InputGroup>
        {saved ? (
          <Alert variant="success" className="py-1 px-2 mt-2 mb-0 small d-inline-block" role="status">
            {t('page.gs1.saved')}
          </Alert>
        ) : null}
      </Form>
    </SectionCard>
  );
}
