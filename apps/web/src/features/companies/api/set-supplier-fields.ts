import { api } from '../../../lib/api';
import { useCompanyChange, type Company } from './company-cache';

/**
 * The supplier-only setters (packagings, country, city, address): four endpoints of one shape
 * (`POST /api/intern/supplier/{field}/{id}/set`), kept together because they differ only by body.
 */
export const setPackagings = (id: number, packagings: string[]) => api.post<Company>(`/api/intern/supplier/packagings/${id}/set`, packagings);
export const setCountry = (id: number, countryId: number) => api.post<Company>(`/api/intern/supplier/country/${id}/set`, { value: countryId });
export const setCity = (id: number, cityId: number) => api.post<Company>(`/api/intern/supplier/city/${id}/set`, { value: cityId });
export const setAddress = (id: number, address: string) => api.post<Company>(`/api/intern/supplier/address/${id}/set`, { value: address });

export const useSetPackagings = () => useCompanyChange('supplier', (v: { id: number; packagings: string[] }) => setPackagings(v.id, v.packagings));
/** The server clears the city with a new country (spec §4); the answer shows it. */
export const useSetCountry = () => useCompanyChange('supplier', (v: { id: number; countryId: number }) => setCountry(v.id, v.countryId));
export const useSetCity = () => useCompanyChange('supplier', (v: { id: number; cityId: number }) => setCity(v.id, v.cityId));
export const useSetAddress = () => useCompanyChange('supplier', (v: { id: number; address: string }) => setAddress(v.id, v.address));
