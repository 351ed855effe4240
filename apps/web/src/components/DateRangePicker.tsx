import { addDays as addCalendarDays, todayInParis, type IsoDay } from '@primeur/shared';
import { DateRangeField } from './DateField';

/** Calendar-day helpers of the range pickers' callers: days of the market's calendar (Paris). */
export const todayIso = (): IsoDay => todayInParis();
export const addDays = (day: IsoDay, n: number): IsoDay => addCalendarDays(day, n);

/** A date range in one field, in the reader's language (the lazy react-datepicker of `DateField`). */
export const DateRangePicker = DateRangeField;
