import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductRequest, ProductRequestSent } from '@primeur/shared';
import { api } from '../../../lib/api';

/** `POST /api/email/intern/requestProduct/send` with the spec §3 request payload. */
export const sendRequest = (body: ProductRequest) => api.post<ProductRequestSent>('/api/email/intern/requestProduct/send', body);
export function useSendRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendRequest, onSuccess: () => qc.invalidateQueries({ queryKey: ['intern', 'outbox'] }) });
}
