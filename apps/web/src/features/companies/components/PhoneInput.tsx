import { useMemo, useRef } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { PHONE_HISTORY_SIZE } from '@primeur/shared';
import { Flag } from '../../../components/Flag';
import { countryName } from '../../../lib/format';

/** A phone as typed: the dial-code country and the number without its prefix. */
export interface PhoneValue {
  country: CountryCode;
  national: string;
}

const COUNTRIES = new Set<string>(getCountries());
export const isDialCountry = (c: string | undefined | null): c is CountryCode => !!c && COUNTRIES.has(c.toUpperCase());

/** Default dial code: the company's country, otherwise us (spec §3 phone input). */
export const defaultDialCountry = (alpha2?: string | null): CountryCode => (isDialCountry(alpha2) ? (alpha2.toUpperCase() as CountryCode) : 'US');

/** Splits a stored E.164 number back into the picker and the national part. */
export function fromE164(phone: string, fallback: CountryCode): PhoneValue {
  const p = parsePhoneNumberFromString(phone);
  return p?.country ? { country: p.country, national: p.formatNational() } : { country: fallback, national: phone };
}

/** The number in E.164, or null when it is no valid number of the chosen country. */
export function toE164(v: PhoneValue): string | null {
  const p = parsePhoneNumberFromString(v.national, v.country);
  return p && p.isValid() ? p.number : null;
}

interface Props {
  id: string;
  value: PhoneValue;
  onChange(v: PhoneValue): void;
  invalid?: boolean;
  readOnly?: boolean;
}

/** Dial-code picker (every country libphonenumber knows, named in the reader's language) and number field. */
export function PhoneInput({ id, value, onChange, invalid, readOnly }: Props) {
  const { t, i18n } = useTranslation('companies');
  const lng = i18n.resolvedLanguage ?? 'en';
  const options = useMemo(
    () =>
      getCountries()
        .map((c) => ({ code: c, name: countryName(c, lng, c), dial: getCountryCallingCode(c) }))
        .sort((a, b) => a.name.localeCompare(b.name, lng)),
    [lng],
  );
  // Controlled inputs lose the browser's own undo, so the picker keeps the last values itself.
  const history = useRef<PhoneValue[]>([]);
  const change = (next: PhoneValue) => {
    history.current = [...history.current, value].slice(-PHONE_HISTORY_SIZE);
    onChange(next);
  };
  const undo = (e: React.KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || e.shiftKey) return;
    const previous = history.current.pop();
    if (!previous) return;
    e.preventDefault();
    onChange(previous);
  };
  return (
    <InputGroup hasValidation>
      <InputGroup.Text className="px-2">
        <Flag code={value.country} />
      </InputGroup.Text>
      <Form.Select
        id={`${id}-country`}
        aria-label={t('contact.dialCode')}
        value={value.country}
        disabled={readOnly}
        onChange={(e) => change({ ...value, country: e.target.value as CountryCode })}
        style={{ maxWidth: '9.5rem' }}
      >
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {/* The dial code first: the closed select is narrow and cuts the end. */}+{o.dial} {o.name}
          </option>
        ))}
      </Form.Select>
      <Form.Control
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={value.national}
        readOnly={readOnly}
        isInvalid={invalid}
        onChange={(e) => change({ ...value, national: e.target.value })}
        onKeyDown={undo}
      />
    </InputGroup>
  );
}
