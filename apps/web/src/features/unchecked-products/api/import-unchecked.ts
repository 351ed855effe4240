import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UncheckedProduct } from '@primeur/shared';
import { api } from '../../../lib/api';
import { uncheckedKey } from './unchecked-page';

/** Staff paste a supplier's message; it is read like a WhatsApp one. */
export const importUnchecked = (body: { text: string; supplierId: number | null }) =>
  api.post<{ imported: number; rows: UncheckedProduct[] }>('/api/intern/userProduct/supplier/unchecked/import', body);

export function useImportUnchecked() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: importUnchecked, onSuccess: () => qc.invalidateQueries({ queryKey: uncheckedKey }) });
}
