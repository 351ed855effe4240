import { Col, Form } from 'react-bootstrap';
import { Controller, useWatch, type Control, type FieldValues, type Path, type PathValue, type UseFormSetValue } from 'react-hook-form';
import type { City, Country } from '@primeur/shared';
import { CitySelect, CountrySelect } from './CountrySelect';

interface Props<T extends FieldValues> {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  /** Prefix of the input ids (`<prefix>-country`, `<prefix>-city`). */
  idPrefix: string;
  labels: { country: string; city: string };
  /** Already-translated messages, when the fields are invalid. */
  errors: { country?: string; city?: string };
}

/**
 * The country → city pair of a react-hook-form form whose fields are named `country` and `city`:
 * choosing another country empties the city, whose list depends on the country.
 */
export function CountryCityFields<T extends FieldValues>({ control, setValue, idPrefix, labels, errors }: Props<T>) {
  const countryName = 'country' as Path<T>;
  const cityName = 'city' as Path<T>;
  const country = useWatch({ control, name: countryName }) as Country | null;
  return (
    <>
      <Form.Group as={Col} md={6}>
        <Form.Label htmlFor={`${idPrefix}-country`}>{labels.country}</Form.Label>
        <Controller
          control={control}
          name={countryName}
          render={({ field }) => (
            <CountrySelect
              inputId={`${idPrefix}-country`}
              value={field.value as Country | null}
              invalid={!!errors.country}
              onChange={(v) => {
                field.onChange(v);
                setValue(cityName, null as PathValue<T, Path<T>>);
              }}
            />
          )}
        />
        {errors.country ? <div className="invalid-feedback d-block">{errors.country}</div> : null}
      </Form.Group>
      <Form.Group as={Col} md={6}>
        <Form.Label htmlFor={`${idPrefix}-city`}>{labels.city}</Form.Label>
        <Controller
          control={control}
          name={cityName}
          render={({ field }) => (
            <CitySelect
              inputId={`${idPrefix}-city`}
              alpha2={country?.alpha2}
              value={field.value as City | null}
              invalid={!!errors.city}
              onChange={field.onChange}
            />
          )}
        />
        {errors.city ? <div className="invalid-feedback d-block">{errors.city}</div> : null}
      </Form.Group>
    </>
  );
}
