import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddTransport, Transport } from '@primeur/shared';
import { api } from '../../../lib/api';
import { lookupKeys } from '../../../lib/lookups';

/** Carrier creation (spec §7); the carriers list itself is in `lib/lookups`. */
export const addTransport = (body: AddTransport) => api.post<Transport>('/api/intern/transport/add', body);
export function useAddTransport() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTransport, onSuccess: () => qc.invalidateQueries({ queryKey: lookupKeys.transports }) });
}
