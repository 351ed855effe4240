import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, Supplier } from '@primeur/shared';
import { companiesQuery, type CompanyKind } from './get-companies';

export type Company = Supplier | Client;

/**
 * A change to one company whose answer is the whole company after it (every supplier/client
 * call): the answer replaces that company in the cached list, so the page shows the server's truth.
 */
export function useCompanyChange<V>(kind: CompanyKind, fn: (vars: V) => Promise<Company>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (company) =>
      qc.setQueryData<Company[]>(companiesQuery(kind).queryKey, (list) => list?.map((c) => (c.id === company.id ? company : c))),
  });
}

/** A change to a company's contacts or products: the list is fetched again. */
export function useCompanyRefresh<V, R>(kind: CompanyKind, fn: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: companiesQuery(kind).queryKey }),
  });
}
