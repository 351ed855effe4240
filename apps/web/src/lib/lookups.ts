import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FAMILIES, localName, type Article, type CatalogItem, type City, type CompanyOption, type Country, type Transport } from '@primeur/shared';
import { api } from './api';
import { countryName } from './format';
import { useSession } from './session';

/**
 * One place for the reference lists every screen picks from (issue 11 item 2, issue 16): the catalog
 * (articles, boxes, packagings, certificates), carriers, countries and cities, and the supplier options.
 * Each list has one query key, so a list loaded by one page is the cache of every other page, and a
 * mutation invalidates it in one line. Translated labels of boxes, packagings and certificates come from
 * here too (decision 640).
 */
export const lookupKeys = {
  articles: ['lookups', 'articles'] as const,
  boxes: ['lookups', 'boxes'] as const,
  packagings: ['lookups', 'packagings'] as const,
  certificates: ['lookups', 'certificates'] as const,
  transports: ['lookups', 'transports'] as const,
  countries: ['lookups', 'countries'] as const,
  cities: (alpha2: string | undefined) => ['lookups', 'cities', alpha2 ?? ''] as const,
  supplierOptions: ['lookups', 'supplierOptions'] as const,
};

/** Catalog lists change with a release, not during a session. */
const LONG = 10 * 60_000;

export const articlesQuery = { queryKey: lookupKeys.articles, queryFn: () => api.get<Article[]>('/api/intern/productList/getAll'), staleTime: LONG };
export const boxesQuery = { queryKey: lookupKeys.boxes, queryFn: () => api.get<CatalogItem[]>('/api/intern/productList/box/getAll'), staleTime: LONG };
export const packagingsQuery = {
  queryKey: lookupKeys.packagings,
  queryFn: () => api.get<CatalogItem[]>('/api/intern/productList/packaging/getAll'),
  staleTime: LONG,
};
export const certificatesQuery = {
  queryKey: lookupKeys.certificates,
  queryFn: () => api.get<CatalogItem[]>('/api/intern/certificate/getAll'),
  staleTime: LONG,
};
/** Carriers are operator data (a carrier can be added from a company page): no long stale time. */
export const transportsQuery = { queryKey: lookupKeys.transports, queryFn: () => api.get<Transport[]>('/api/intern/transport/getAll') };
export const countriesQuery = { queryKey: lookupKeys.countries, queryFn: () => api.get<Country[]>('/api/location/origin/getAll'), staleTime: Infinity };
export const citiesQuery = (alpha2: string | undefined) => ({
  queryKey: lookupKeys.cities(alpha2),
  queryFn: () => api.get<City[]>(`/api/location/city/getByCountry/${alpha2}`),
  enabled: !!alpha2,
  staleTime: Infinity,
});
export const supplierOptionsQuery = {
  queryKey: lookupKeys.supplierOptions,
  queryFn: () => api.get<CompanyOption[]>('/api/intern/supplier/getSuppliers'),
};

/**
 * Packagings for every signed-in user (`/api/catalog/packagings`): lots name their packaging, and
 * suppliers and buyers read it in their language too.
 */
export const lotPackagingsQuery = {
  queryKey: ['lookups', 'lotPackagings'] as const,
  queryFn: () => api.get<CatalogItem[]>('/api/catalog/packagings'),
  staleTime: LONG,
};

export const useArticles = () => useQuery(articlesQuery);
export const useBoxes = () => useQuery(boxesQuery);
export const usePackagings = () => useQuery(packagingsQuery);
export const useCertificates = () => useQuery(certificatesQuery);
export const useTransports = () => useQuery(transportsQuery);
export const useCountries = () => useQuery(countriesQuery);
export const useCities = (alpha2: string | undefined) => useQuery(citiesQuery(alpha2));
export const useSupplierOptions = () => useQuery(supplierOptionsQuery);

/** The origin countries as filter options — ISO code, name in the reader's language — sorted by name. */
export function useOriginOptions(): ReadonlyArray<readonly [string, string]> {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const { data } = useCountries();
  return useMemo(
    () => (data ?? []).map((c) => [c.alpha2, countryName(c.alpha2, lng, c.name)] as const).sort((a, b) => a[1].localeCompare(b[1], lng)),
    [data, lng],
  );
}

/** The product families as filter options, named in the reader's language. */
export function useFamilyOptions(): ReadonlyArray<readonly [(typeof FAMILIES)[number], string]> {
  const { t } = useTranslation('marketplace');
  return useMemo(() => FAMILIES.map((f) => [f, t(`families.${f}`)] as const), [t]);
}

type Named = { id?: number; name: string } | null | undefined;

/** The entry of `list` the value names: same id, else same name (answers that carry only the name). */
function find(list: CatalogItem[] | undefined, value: Named): CatalogItem | undefined {
  if (!value || !list) return undefined;
  return (value.id !== undefined ? list.find((x) => x.id === value.id) : undefined) ?? list.find((x) => x.name === value.name);
}

/** A name in the reader's language for catalog values that arrive as `{ id, name }` (variants, companies, lots). */
export function labelIn(list: CatalogItem[] | undefined, value: Named, language: string): string {
  if (!value) return '';
  const entry = find(list, value);
  return entry ? localName(entry, language) : value.name;
}

/** The name of a lot's packaging in the chosen language, for any signed-in user (the lot's own name before). */
export function usePackagingName() {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const { data } = useQuery({ ...lotPackagingsQuery, enabled: !!user });
  const lng = i18n.resolvedLanguage ?? 'en';
  return useCallback((v: Named) => labelIn(data, v, lng), [data, lng]);
}

/**
 * Labels of boxes, packagings and certificates in the chosen language. Loads the three lookups (cached
 * for the session); until they arrive, or for an entry they do not hold, the value's own name is shown.
 * Only for admin screens: the lookups are back-office calls (spec §7).
 */
export function useCatalogLabels() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const boxes = useBoxes().data;
  const packagings = usePackagings().data;
  const certificates = useCertificates().data;
  return {
    box: useCallback((v: Named) => labelIn(boxes, v, lng), [boxes, lng]),
    packaging: useCallback((v: Named) => labelIn(packagings, v, lng), [packagings, lng]),
    certificate: useCallback((v: Named) => labelIn(certificates, v, lng), [certificates, lng]),
    /** Sorted options `{ id, label }` of a list, for pickers. */
    options: useCallback(
      (list: CatalogItem[] | undefined) =>
        (list ?? []).map((x) => ({ id: x.id, label: localName(x, lng) })).sort((a, b) => a.label.localeCompare(b.label, lng)),
      [lng],
    ),
  };
}
