import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyKey, type Company } from './get-company';
import type { CompanyKind } from './get-company-options';

export type { Company } from './get-company';

/**
 * A change to one company whose answer is the whole company after it (every supplier/client
 * call): the answer becomes the cached company, so the page shows the server's truth.
 */
export function useCompanyChange<V>(kind: CompanyKind, fn: (vars: V) => Promise<Company>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (company) => qc.setQueryData(companyKey(kind, company.id), company),
  });
}

/** A change to a company's contacts or products: the company is fetched again. */
export function useCompanyRefresh<V, R>(kind: CompanyKind, fn: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: companyKey(kind) }),
  });
}
