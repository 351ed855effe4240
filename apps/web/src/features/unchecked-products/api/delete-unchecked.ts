import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { uncheckedKey } from './unchecked-page';

export const deleteUnchecked = (id: number) => api.delete<{ message: string }>(`/api/intern/userProduct/supplier/unchecked/${id}`);

export function useDeleteUnchecked() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteUnchecked, onSuccess: () => qc.invalidateQueries({ queryKey: uncheckedKey }) });
}
