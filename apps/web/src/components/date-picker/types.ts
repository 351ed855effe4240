import type { IsoDay } from '@primeur/shared';

export interface DateFieldProps {
  id: string;
  /** "YYYY-MM-DD", or '' when empty. */
  value: IsoDay | '';
  onChange(value: IsoDay | ''): void;
  /** The accessible name when no <label for=id> names the field. */
  label?: string;
  invalid?: boolean;
  size?: 'sm';
  disabled?: boolean;
  minDate?: IsoDay;
  maxDate?: IsoDay;
  describedBy?: string;
  testId?: string;
  /** Shown in the empty field (a filter's "From", "To"). */
  placeholder?: string;
  /**
   * The field is in a modal: the calendar opens inside it rather than on top of the page, since a modal
   * keeps the keyboard focus within itself (the arrow keys could not reach a calendar outside it).
   */
  inModal?: boolean;
}

export interface DateRangeProps {
  start: IsoDay;
  end: IsoDay;
  /** Called once both ends are chosen. */
  onChange(start: IsoDay, end: IsoDay): void;
  id?: string;
  label: string;
  disabled?: boolean;
  size?: 'sm';
}

export interface DateTimeFieldProps {
  id: string;
  /** An instant (ISO 8601), or '' when empty. It is shown and picked on the market's clock (Paris). */
  value: string;
  onChange(value: string): void;
  /** The accessible name when no <label for=id> names the field. */
  label?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The earliest and latest instants that can be picked. */
  min?: string;
  max?: string;
  /** Minutes between the times the list offers (any minute can still be typed); 15 unless told. */
  step?: number;
  describedBy?: string;
  testId?: string;
  /**
   * The field is in a modal: the calendar opens inside it rather than on top of the page, since a modal
   * keeps the keyboard focus within itself (the arrow keys could not reach a calendar outside it).
   */
  inModal?: boolean;
}
