import Select from 'react-select';
import { useTranslation } from 'react-i18next';
import type { City, Country } from '@primeur/shared';
import { useCities, useCountries } from '../lib/lookups';
import { countryName } from '../lib/format';
import { pickerProps } from './picker';

interface SelectProps<T> {
  inputId: string;
  value: T | null;
  onChange(value: T | null): void;
  invalid?: boolean;
  isDisabled?: boolean;
}

/** Searchable country picker with names in the reader's language. */
export function CountrySelect({ inputId, value, onChange, invalid, isDisabled }: SelectProps<Country>) {
  const { t, i18n } = useTranslation('common');
  const { data = [], isLoading } = useCountries();
  const lng = i18n.resolvedLanguage ?? 'en';
  const options = data.map((c) => ({ ...c, name: countryName(c.alpha2, lng, c.name) })).sort((a, b) => a.name.localeCompare(b.name, lng));
  return (
    <Select<Country>
      inputId={inputId}
      options={options}
      value={value ? (options.find((o) => o.id === value.id) ?? value) : null}
      onChange={(v) => onChange(v ?? null)}
      getOptionLabel={(c) => c.name}
      getOptionValue={(c) => String(c.id)}
      isLoading={isLoading}
      isDisabled={isDisabled}
      placeholder={t('select.placeholder')}
      noOptionsMessage={() => t('select.noOptions')}
      {...pickerProps<Country>(invalid)}
    />
  );
}

/** City picker that depends on the chosen country. */
export function CitySelect({ inputId, value, onChange, invalid, alpha2, isDisabled }: SelectProps<City> & { alpha2?: string }) {
  const { t } = useTranslation('common');
  const { data = [], isLoading } = useCities(alpha2);
  return (
    <Select<City>
      inputId={inputId}
      options={data}
      value={value}
      onChange={(v) => onChange(v ?? null)}
      getOptionLabel={(c) => c.name}
      getOptionValue={(c) => String(c.id)}
      isLoading={isLoading}
      isDisabled={isDisabled || !alpha2}
      placeholder={alpha2 ? t('select.placeholder') : t('select.countryFirst')}
      noOptionsMessage={() => t('select.noOptions')}
      {...pickerProps<City>(invalid)}
    />
  );
}
