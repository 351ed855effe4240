import { lazy, Suspense } from 'react';
import Select from 'react-select';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FAMILIES, type PriceType } from '@primeur/shared';
import { pickerProps } from '../../../components/picker';

// The date picker library (≈ 48 kB gzip) comes after the dashboard shows (decision 841).
const PriceDatePicker = lazy(async () => ({ default: (await import('./PriceDatePicker')).PriceDatePicker }));
/** While the picker loads: the same field, read-only, with the day as the picker shows it. */
const pickerText = (date: string) => date.split('-').reverse().join('/');

export type Family = (typeof FAMILIES)[number];

interface Props {
  type: PriceType;
  family: Family | null;
  onFamily(f: Family | null): void;
  date: string;
  onDate(d: string): void;
}

/** The tab's searchable, clearable family select and its date picker (spec §2). */
export function PriceFilters({ type, family, onFamily, date, onDate }: Props) {
  const { t, i18n } = useTranslation('prices');
  const options = FAMILIES.map((f) => ({ value: f, label: t(`families.${f}`) }));
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <Row className="g-3 align-items-end mb-2">
      <Col xs={12} md={5} lg={4}>
        <Form.Label htmlFor={`${type}-family`}>{t('filters.family')}</Form.Label>
        <Select
          inputId={`${type}-family`}
          options={options}
          value={options.find((o) => o.value === family) ?? null}
          onChange={(o) => onFamily(o?.value ?? null)}
          isClearable
          isSearchable
          placeholder={t('filters.allFamilies')}
          noOptionsMessage={() => t('filters.noOptions')}
          {...pickerProps<{ value: Family; label: string }>()}
        />
      </Col>
      <Col xs={12} md={4} lg={3}>
        <Form.Label htmlFor={`${type}-date`}>{t('filters.date')}</Form.Label>
        <Suspense fallback={<input id={`${type}-date`} className="form-control" value={pickerText(date)} readOnly />}>
          <PriceDatePicker id={`${type}-date`} date={date} onDate={onDate} lng={lng} />
        </Suspense>
      </Col>
    </Row>
  );
}
