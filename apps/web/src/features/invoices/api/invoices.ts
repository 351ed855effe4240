import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInvoiceListQuery,
  Invoice,
  InvoicePage,
  InvoicingSettings,
  InvoicingSettingsInput,
  RecordPaymentInput,
  UserInvoiceListQuery,
} from '@primeur/shared';
import { api } from '../../../lib/api';

/** Every invoice query sits under ['invoices']: recording a payment refreshes them all. */
export const invoicesKey = ['invoices'] as const;

function queryString(q: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return params.toString();
}

export type UserInvoicesQuery = Partial<UserInvoiceListQuery>;
export type AdminInvoicesQuery = Partial<Omit<AdminInvoiceListQuery, 'party'>> & { party?: number };

/** GET /api/users/invoices: a page of the invoices the company issued or received. */
export const useUserInvoices = (q: UserInvoicesQuery) =>
  useQuery({
    queryKey: [...invoicesKey, 'mine', q] as const,
    queryFn: () => api.get<InvoicePage>(`/api/users/invoices?${queryString(q)}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/invoices: every invoice, for the operator. */
export const useAdminInvoices = (q: AdminInvoicesQuery) =>
  useQuery({
    queryKey: [...invoicesKey, 'all', q] as const,
    queryFn: () => api.get<InvoicePage>(`/api/admin/invoices?${queryString(q)}`),
    placeholderData: keepPreviousData,
  });

/** The journal's address with the same filters as the list (page and size left out). */
export const adminInvoicesCsvUrl = ({ page: _page, size: _size, ...q }: AdminInvoicesQuery) => {
  const s = queryString(q);
  return `/api/admin/invoices.csv${s ? `?${s}` : ''}`;
};

/** GET /api/users/invoices/{id} for each id (the order page's invoice and credit notes). */
export const useInvoicesById = (ids: number[]) =>
  useQueries({
    queries: ids.map((id) => ({ queryKey: [...invoicesKey, 'one', id] as const, queryFn: () => api.get<Invoice>(`/api/users/invoices/${id}`) })),
  });

export const invoicePdfUrl = (id: number) => `/api/users/invoices/${id}.pdf`;
export const invoiceXmlUrl = (id: number) => `/api/users/invoices/${id}.xml`;

/**
 * POST /api/users/invoices/{id}/payments: a payment on an invoice or a refund on a credit note. The
 * dialog's one key goes with every try, so a retry after a lost answer is recorded once.
 */
export function useRecordPayment(id: number, idempotencyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPaymentInput) => api.post<Invoice>(`/api/users/invoices/${id}/payments`, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => client.invalidateQueries({ queryKey: invoicesKey }),
  });
}

/** The statement of account with a counterparty, as PDF or CSV (decision 965). */
export const statementUrl = (counterparty: number, format: 'pdf' | 'csv', lang?: string) =>
  `/api/users/statements.${format}?counterparty=${counterparty}${lang ? `&lang=${lang}` : ''}`;

/** POST /api/admin/invoices/{id}/retry: the operator tries a waiting invoice again. */
export function useRetryInvoice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Invoice>(`/api/admin/invoices/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: invoicesKey }),
  });
}

const settingsKey = [...invoicesKey, 'settings'] as const;

/** GET /api/users/invoicing-settings: the seller's bank account and invoice number prefix. */
export const useInvoicingSettings = (enabled: boolean) =>
  useQuery({ queryKey: settingsKey, queryFn: () => api.get<InvoicingSettings>('/api/users/invoicing-settings'), enabled });

/** PUT /api/users/invoicing-settings. */
export function useSaveInvoicingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoicingSettingsInput) => api.put<InvoicingSettings>('/api/users/invoicing-settings', body),
    onSuccess: (saved) => client.setQueryData(settingsKey, saved),
  });
}
