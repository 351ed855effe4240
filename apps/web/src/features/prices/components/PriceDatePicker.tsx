import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { de, enGB, es, fr } from 'date-fns/locale';
import { dayOfLocalDate, localDateOfDay } from '@primeur/shared';

registerLocale('en', enGB);
registerLocale('fr', fr);
registerLocale('de', de);
registerLocale('es', es);

export interface PriceDatePickerProps {
  id: string;
  date: string;
  onDate(d: string): void;
  lng: string;
}

/** The price tab's day picker (dd/MM/yyyy, up to today): its own chunk, loaded after the dashboard shows (decision 841). */
export function PriceDatePicker({ id, date, onDate, lng }: PriceDatePickerProps) {
  return (
    <DatePicker
      id={id}
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
  );
}
