import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay, isIsoDay } from '@primeur/shared';
import type { DateFieldProps, DateRangeProps, DateTimeFieldProps } from './date-picker/types';

/**
 * The one date picker of the app (react-datepicker in the chosen language, Monday-first in fr/de/es and
 * British English, days shown as `formatDay`). Loaded on first use, so pages without a date field —
 * the visitor's home among them — do not carry it (first-load budget, decision 561).
 */
const Impl = {
  Single: lazy(() => import('./date-picker/DatePickerImpl').then((m) => ({ default: m.SingleDatePicker }))),
  DateTime: lazy(() => import('./date-picker/DatePickerImpl').then((m) => ({ default: m.SingleDateTimePicker }))),
  Range: lazy(() => import('./date-picker/DatePickerImpl').then((m) => ({ default: m.RangeDatePicker }))),
};

/** While the picker loads: the same field, read-only, showing the day as it will be shown. */
function Placeholder({ id, text, label, size, placeholder }: { id?: string; text: string; label?: string; size?: 'sm'; placeholder?: string }) {
  return (
    <input id={id} className={`form-control${size === 'sm' ? ' form-control-sm' : ''}`} value={text} aria-label={label} placeholder={placeholder} readOnly />
  );
}

export function DateField(props: DateFieldProps) {
  const { i18n } = useTranslation();
  const text = props.value && isIsoDay(props.value) ? formatDay(props.value, i18n.resolvedLanguage) : '';
  return (
    <Suspense fallback={<Placeholder id={props.id} text={text} label={props.label} size={props.size} placeholder={props.placeholder} />}>
      <Impl.Single {...props} />
    </Suspense>
  );
}

/** A day and a time (an instant), shown and picked on the market's clock, Paris (decision 580). */
export function DateTimeField(props: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const text = props.value ? formatDateTime(props.value, i18n.resolvedLanguage) : '';
  return (
    <Suspense fallback={<Placeholder id={props.id} text={text} label={props.label} />}>
      <Impl.DateTime {...props} />
    </Suspense>
  );
}

export function DateRangeField(props: DateRangeProps) {
  const { i18n } = useTranslation();
  const text = `${formatDay(props.start, i18n.resolvedLanguage)} – ${formatDay(props.end, i18n.resolvedLanguage)}`;
  return (
    <Suspense fallback={<Placeholder id={props.id} text={text} label={props.label} size={props.size} />}>
      <Impl.Range {...props} />
    </Suspense>
  );
}
