import Select, { type CSSObjectWithLabel } from 'react-select';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { City, Country } from '@primeur/shared';
import { api } from '../lib/api';
import { countryName } from '../lib/format';

export const countriesQuery = {
  queryKey: ['location', 'countries'],
  queryFn: () => api.get<Country[]>('/api/location/origin/getAll'),
  staleTime: Infinity,
};

export const citiesQuery = (alpha2: string | undefined) => ({
  queryKey: ['location', 'cities', alpha2],
  queryFn: () => api.get<City[]>(`/api/location/city/getByCountry/${alpha2}`),
  enabled: !!alpha2,
  staleTime: Infinity,
});

interface SelectProps<T> {
  inputId: string;
  value: T | null;
  onChange(value: T | null): void;
  invalid?: boolean;
  isDisabled?: boolean;
}

const invalidStyles = (invalid?: boolean) => ({
  control: (base: CSSObjectWithLabel) => (invalid ? { ...base, borderColor: 'var(--bs-form-invalid-border-color)' } : base),
});

/** Searchable country picker with names in the reader's language. */
export function CountrySelect({ inputId, value, onChange, invalid, isDisabled }: SelectProps<Country>) {
  const { t, i18n } = useTranslation('common');
  const { data = [], isLoading } = useQuery(countriesQuery);
  const lng = i18n.resolvedLanguage ?? 'en';
  const options = data
    .map((c) => ({ ...c, name: countryName(c.alpha2, lng, c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, lng));
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
      styles={invalidStyles(invalid)}
    />
  );
}

/** City picker that depends on the chosen country. */
export function CitySelect({ inputId, value, onChange, invalid, alpha2, isDisabled }: SelectProps<City> & { alpha2?: string }) {
  const { t } = useTranslation('common');
  const { data = [], isLoading } = useQuery(citiesQuery(alpha2));
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
      styles={invalidStyles(invalid)}
    />
  );
}
