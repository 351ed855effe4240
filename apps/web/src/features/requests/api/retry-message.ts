import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailMessage } from '@primeur/shared';
import { api } from '../../../lib/api';

/** Sends a failed or kept message again (`POST /api/email/intern/outbox/{id}/retry`). */
export const retryMessage = (id: number) => api.post<EmailMessage>(`/api/email/intern/outbox/${id}/retry`);
export function useRetryMessage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: retryMessage, onSettled: () => qc.invalidateQueries({ queryKey: ['intern', 'outbox'] }) });
}
