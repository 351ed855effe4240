import { useEffect, useState } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import { de, enGB, es, fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import 'react-datepicker/dist/react-datepicker.css';

registerLocale('en', enGB);
registerLocale('fr', fr);
registerLocale('de', de);
registerLocale('es', es);

/** ISO day (YYYY-MM-DD) ⇄ local Date at midnight, so no time zone shifts the day. */
export const toDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
export const toIso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const todayIso = () => toIso(new Date());
export const addDays = (iso: string, n: number) => {
  const d = toDate(iso);
  d.setDate(d.getDate() + n);
  return toIso(d);
};

interface Props {
  start: string;
  end: string;
  /** Called once both ends are chosen. */
  onChange(start: string, end: string): void;
  id?: string;
  label: string;
  disabled?: boolean;
  size?: 'sm';
}

/** A date range in one field (react-datepicker, range mode), in the reader's language. */
export function DateRangePicker({ start, end, onChange, id, label, disabled, size }: Props) {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  // The range being picked: after the first click only the start is known.
  const [draft, setDraft] = useState<[Date | null, Date | null]>([toDate(start), toDate(end)]);
  useEffect(() => setDraft([toDate(start), toDate(end)]), [start, end]);
  return (
    <DatePicker
      id={id}
      selectsRange
      startDate={draft[0]}
      endDate={draft[1]}
      onChange={([s, e]: [Date | null, Date | null]) => {
        setDraft([s, e]);
        if (s && e) onChange(toIso(s), toIso(e));
      }}
      onCalendarClose={() => setDraft([toDate(start), toDate(end)])}
      locale={lng}
      dateFormat="P"
      disabled={disabled}
      className={`form-control${size === 'sm' ? ' form-control-sm' : ''}`}
      wrapperClassName="d-block"
      customInput={<input aria-label={label} data-testid={id} />}
      shouldCloseOnSelect
    />
  );
}
