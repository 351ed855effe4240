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
