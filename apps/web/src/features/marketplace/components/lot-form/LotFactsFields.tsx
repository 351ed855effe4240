import { Col, Form } from 'react-bootstrap';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dayInParis, QUALITY_CLASSES, VARIETY_MAX_LENGTH } from '@primeur/shared';
import { DateField } from '../../../../components/DateField';
import type { LotFormValues } from './lot-form-values';

interface LotFactsFieldsProps {
  control: Control<LotFormValues>;
  register: UseFormRegister<LotFormValues>;
  errorOf(name: keyof LotFormValues): string | undefined;
  /** Re-checks the dates as soon as one is picked (live, before any submit). */
  onDatePicked(): void;
}

/** Quality class (required), variety and packing day of the lot (issue 25). */
export function LotFactsFields({ control, register, errorOf, onDatePicked }: LotFactsFieldsProps) {
  const { t } = useTranslation('marketplace');
  const classError = errorOf('qualityClass');
  const packedError = errorOf('packedOn');
  return (
    <>
      <Form.Group as={Col} md={4} controlId="lot-class">
        <Form.Label>{t('fields.qualityClass')}</Form.Label>
        <Form.Select {...register('qualityClass')} isInvalid={!!classError} aria-describedby="lot-class-error">
          <option value="">{t('select')}</option>
          {QUALITY_CLASSES.map((c) => (
            <option key={c} value={c}>
              {t(`lotFacts.class.${c}`)}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id="lot-class-error">
          {classError}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group as={Col} md={4} controlId="lot-variety">
        <Form.Label>{t('fields.variety')}</Form.Label>
        <Form.Control {...register('variety')} maxLength={VARIETY_MAX_LENGTH} isInvalid={!!errorOf('variety')} />
        <Form.Control.Feedback type="invalid">{errorOf('variety')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group as={Col} md={4} controlId="lot-gtin">
        <Form.Label>{t('fields.gtin')}</Form.Label>
        <Form.Control {...register('gtin')} inputMode="numeric" maxLength={32} autoComplete="off" isInvalid={!!errorOf('gtin')} />
        <Form.Control.Feedback type="invalid">{errorOf('gtin')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group as={Col} md={4} controlId="lot-packed-on">
        <Form.Label>{t('fields.packedOn')}</Form.Label>
        <Controller
          control={control}
          name="packedOn"
          render={({ field }) => (
            <DateField
              id="lot-packed-on"
              inModal
              value={field.value}
              invalid={!!packedError}
              maxDate={dayInParis(0)}
              onChange={(v) => {
                field.onChange(v ?? '');
                onDatePicked();
              }}
            />
          )}
        />
        <Form.Control.Feedback type="invalid" className={packedError ? 'd-block' : undefined}>
          {packedError}
        </Form.Control.Feedback>
      </Form.Group>
    </>
  );
}
