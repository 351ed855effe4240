import { forwardRef, useEffect, useState, type InputHTMLAttributes } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import { de, enGB, es, fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import 'react-datepicker/dist/react-datepicker.css';
import { dayOfLocalDate, isIsoDay, type IsoDay } from '@primeur/shared';
import { instantOfPickerDate, pickerDateOfInstant } from './market-clock';
import type { DateFieldProps, DateRangeProps, DateTimeFieldProps } from './types';

// British English, French, German and Spanish weeks start on Monday.
registerLocale('en', enGB);
registerLocale('fr', fr);
registerLocale('de', de);
registerLocale('es', es);

/**
 * Display formats equal to `formatDay(day, lng)` of packages/shared (Intl `dateStyle: 'medium'`):
 * "22 Nov 2026", "22 nov. 2026", "22.11.2026", "22 nov 2026". The numeric short form of the language
 * and ISO are accepted when typing too.
 */
const FORMATS: Record<string, string[]> = {
  en: ['d MMM yyyy', 'dd/MM/yyyy', 'yyyy-MM-dd'],
  fr: ['d MMM yyyy', 'dd/MM/yyyy', 'yyyy-MM-dd'],
  de: ['dd.MM.yyyy', 'd.M.yyyy', 'yyyy-MM-dd'],
  es: ['d MMM yyyy', 'dd/MM/yyyy', 'yyyy-MM-dd'],
};
/**
 * With a time: equal to `formatDateTime(instant, lng)` ("22 Nov 2026, 18:05", "22.11.2026, 18:05"),
 * on the 24-hour clock of every language; the short numeric and ISO forms are accepted when typing.
 */
const DATE_TIME_FORMATS: Record<string, string[]> = {
  en: ['d MMM yyyy, HH:mm', 'dd/MM/yyyy HH:mm', 'yyyy-MM-dd HH:mm'],
  fr: ['d MMM yyyy, HH:mm', 'dd/MM/yyyy HH:mm', 'yyyy-MM-dd HH:mm'],
  de: ['dd.MM.yyyy, HH:mm', 'd.M.yyyy HH:mm', 'yyyy-MM-dd HH:mm'],
  es: ['d MMM yyyy, HH:mm', 'dd/MM/yyyy HH:mm', 'yyyy-MM-dd HH:mm'],
};
const language = (lng: string | undefined) => {
  const base = (lng ?? 'en').slice(0, 2);
  return base in FORMATS ? base : 'en';
};

/** A calendar day ("YYYY-MM-DD") as a local Date at midnight, so no time zone shifts the day. */
const toDate = (day: IsoDay | null | undefined) => {
  if (!day || !isIsoDay(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean; small?: boolean };
const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid, small, className, ...rest }, ref) {
  return <input ref={ref} {...rest} className={`form-control${small ? ' form-control-sm' : ''}${invalid ? ' is-invalid' : ''} ${className ?? ''}`.trim()} />;
});

const common = {
  // The calendar opens on top of the page: inside a table's scroll container it would be clipped.
  portalId: 'date-picker-portal',
  wrapperClassName: 'd-block',
  showPopperArrow: false,
} as const;

export function SingleDatePicker({
  id,
  value,
  onChange,
  label,
  invalid,
  size,
  disabled,
  minDate,
  maxDate,
  describedBy,
  testId,
  inModal,
  placeholder,
}: DateFieldProps) {
  const { i18n } = useTranslation();
  const lng = language(i18n.resolvedLanguage);
  return (
    <DatePicker
      {...common}
      portalId={inModal ? undefined : common.portalId}
      id={id}
      selected={toDate(value)}
      onChange={(d: Date | null) => onChange(d ? dayOfLocalDate(d) : '')}
      locale={lng}
      dateFormat={FORMATS[lng]!}
      minDate={toDate(minDate) ?? undefined}
      maxDate={toDate(maxDate) ?? undefined}
      disabled={disabled}
      placeholderText={placeholder}
      customInput={
        <Input
          invalid={invalid}
          small={size === 'sm'}
          aria-label={label}
          aria-describedby={describedBy}
          data-testid={testId ?? id}
          aria-invalid={invalid || undefined}
        />
      }
      shouldCloseOnSelect
    />
  );
}

/**
 * A day and a time, on the market's clock (Paris): the calendar and a list of times side by side.
 * Picking a day keeps the time; picking a time closes the calendar.
 */
export function SingleDateTimePicker({ id, value, onChange, label, invalid, disabled, min, max, step = 15, describedBy, testId, inModal }: DateTimeFieldProps) {
  const { t, i18n } = useTranslation('common');
  const lng = language(i18n.resolvedLanguage);
  const minDate = pickerDateOfInstant(min);
  const maxDate = pickerDateOfInstant(max);
  return (
    <DatePicker
      {...common}
      portalId={inModal ? undefined : common.portalId}
      id={id}
      selected={pickerDateOfInstant(value)}
      onChange={(d: Date | null) => onChange(d ? instantOfPickerDate(d) : '')}
      locale={lng}
      dateFormat={DATE_TIME_FORMATS[lng]!}
      showTimeSelect
      timeFormat="HH:mm"
      timeIntervals={step}
      timeCaption={t('dateTime.time')}
      minDate={minDate ?? undefined}
      maxDate={maxDate ?? undefined}
      // Times of the first and last day outside the range are offered greyed out.
      filterTime={(d) => (!minDate || d >= minDate) && (!maxDate || d <= maxDate)}
      disabled={disabled}
      customInput={<Input invalid={invalid} aria-label={label} aria-describedby={describedBy} data-testid={testId ?? id} aria-invalid={invalid || undefined} />}
      shouldCloseOnSelect
    />
  );
}

export function RangeDatePicker({ start, end, onChange, id, label, disabled, size }: DateRangeProps) {
  const { i18n } = useTranslation();
  const lng = language(i18n.resolvedLanguage);
  // The range being picked: after the first click only the start is known; it is reported once both ends are.
  const [draft, setDraft] = useState<[Date | null, Date | null]>([toDate(start), toDate(end)]);
  useEffect(() => setDraft([toDate(start), toDate(end)]), [start, end]);
  return (
    <DatePicker
      {...common}
      id={id}
      selectsRange
      startDate={draft[0]}
      endDate={draft[1]}
      onChange={([s, e]: [Date | null, Date | null]) => {
        setDraft([s, e]);
        if (s && e) onChange(dayOfLocalDate(s), dayOfLocalDate(e));
      }}
      onCalendarClose={() => setDraft([toDate(start), toDate(end)])}
      locale={lng}
      dateFormat={FORMATS[lng]!}
      disabled={disabled}
      customInput={<Input small={size === 'sm'} aria-label={label} data-testid={id} />}
      shouldCloseOnSelect
    />
  );
}
