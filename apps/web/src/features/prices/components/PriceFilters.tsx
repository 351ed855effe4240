import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { de, enGB, es, fr } from 'date-fns/locale';
import Select from 'react-select';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { dayOfLocalDate, FAMILIES, localDateOfDay, type PriceType } from '@primeur/shared';

registerLocale('en', enGB);
registerLocale('fr', fr);
registerLocale('de', de);
registerLocale('es', es);

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
        />
      </Col>
      <Col xs={12} md={4} lg={3}>
        <Form.Label htmlFor={`${type}-date`}>{t('filters.date')}</Form.Label>
        <DatePicker
          id={`${type}-date`}
          className="form-control"
          wrapperClassName="d-block"
          selected={localDateOfDay(date)}
          onChange={(d: Date | null) => {
            if (d) onDate(dayOfLocalDate(d));
          }}
          locale={lng}
          dateFormat="dd/MM/yyyy"
          maxDate={new Date()}
          showPopperArrow={false}
        />
      </Col>
    </Row>
  );
}
