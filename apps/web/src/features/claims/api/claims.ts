import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClaimPage, Claim, ClaimInput, ClaimList, ClaimStepInput } from '@primeur/shared';
import { api } from '../../../lib/api';

/**
 * Claims sit under the orders' query root (['orders', …]): the order page's live subscription
 * refetches every non-order query under it on each /user/queue/orders event, so a claim step by the
 * other party shows without a reload.
 */
export const claimsKey = (orderId: number) => ['orders', 'claims', orderId] as const;
export const adminClaimsKey = ['orders', 'admin-claims'] as const;

/** GET /api/users/orders/{id}/claims: the order's claims and whether the caller may file one. */
export const fetchClaims = (orderId: number) => api.get<ClaimList>(`/api/users/orders/${orderId}/claims`);
export const useClaims = (orderId: number) => useQuery({ queryKey: claimsKey(orderId), queryFn: () => fetchClaims(orderId) });

/** The shipping documents in the reader's language (the server writes them; the links open them). */
export const cmrUrl = (orderId: number, lng: string) => `/api/users/orders/${orderId}/cmr.pdf?lang=${encodeURIComponent(lng)}`;
export const deliveryNoteUrl = (orderId: number, lng: string) => `/api/users/orders/${orderId}/delivery-note.pdf?lang=${encodeURIComponent(lng)}`;

function useClaimMutation<V>(orderId: number, fn: (v: V) => Promise<Claim>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      // The claim, the order (status and history) and the operator's queue all move with a step.
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
    meta: { orderId },
  });
}

/** POST /api/users/orders/{id}/claims: the claim as JSON in `data`, the photos as files (as lots). */
export const postClaim = (orderId: number, input: ClaimInput, files: File[]) => {
  const body = new FormData();
  body.append('data', JSON.stringify(input));
  for (const f of files) body.append('photos', f, f.name);
  return api.post<Claim>(`/api/users/orders/${orderId}/claims`, body);
};
export const useFileClaim = (orderId: number) =>
  useClaimMutation(orderId, ({ input, files }: { input: ClaimInput; files: File[] }) => postClaim(orderId, input, files));

export type PartyStep = 'accept' | 'propose' | 'reject' | 'escalate';

/** POST …/claims/{claimId}/{step} (a party) or /api/admin/orders/{id}/claims/{claimId}/decide (the operator). */
export const postClaimStep = (orderId: number, claimId: number, step: PartyStep | 'decide', body: ClaimStepInput) =>
  api.post<Claim>(step === 'decide' ? `/api/admin/orders/${orderId}/claims/${claimId}/decide` : `/api/users/orders/${orderId}/claims/${claimId}/${step}`, body);
export const useClaimStep = (orderId: number) =>
  useClaimMutation(orderId, ({ claimId, step, body }: { claimId: number; step: PartyStep | 'decide'; body: ClaimStepInput }) =>
    postClaimStep(orderId, claimId, step, body),
  );

export interface AdminClaimFilters {
  status: string;
  reason: string;
  q: string;
  page: number;
}

/** GET /api/admin/claims: the operator's queue. */
export function useAdminClaims(f: AdminClaimFilters) {
  const params = new URLSearchParams();
  if (f.status) params.set('status', f.status);
  if (f.reason) params.set('reason', f.reason);
  if (f.q.trim()) params.set('q', f.q.trim());
  params.set('page', String(f.page));
  return useQuery({
    queryKey: [...adminClaimsKey, f],
    queryFn: () => api.get<AdminClaimPage>(`/api/admin/claims?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
