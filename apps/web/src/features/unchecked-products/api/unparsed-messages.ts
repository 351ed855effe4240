import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnparsedMessage } from '@primeur/shared';
import { api } from '../../../lib/api';
import { uncheckedKey } from './unchecked-page';

/** `GET …/supplier/unchecked/messages/unparsed`: received messages that failed to parse or still wait. */
export const unparsedKey = ['intern', 'unchecked', 'unparsed'] as const;
export const fetchUnparsedMessages = () => api.get<UnparsedMessage[]>('/api/intern/userProduct/supplier/unchecked/messages/unparsed');
export const useUnparsedMessages = () => useQuery({ queryKey: unparsedKey, queryFn: fetchUnparsedMessages });

/** `POST …/supplier/unchecked/messages/{id}/parse`: parses a failed message again. */
export const parseAgain = (id: number) => api.post<{ message: string }>(`/api/intern/userProduct/supplier/unchecked/messages/${id}/parse`, {});

export function useParseAgain() {
  const qc = useQueryClient();
  // The rows list and the failed list both change (uncheckedKey is a prefix of unparsedKey).
  return useMutation({ mutationFn: parseAgain, onSettled: () => qc.invalidateQueries({ queryKey: uncheckedKey }) });
}
