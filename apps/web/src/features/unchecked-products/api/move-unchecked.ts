import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveUncheckedBody, SupplierVariant } from '@primeur/shared';
import { api } from '../../../lib/api';
import { uncheckedKey } from './unchecked-page';

/** The move call: creates the supplier variant from the corrected row and deletes the row (one transaction). */
export const moveUnchecked = ({ id, body }: { id: number; body: MoveUncheckedBody }) =>
  api.post<{ variant: SupplierVariant }>(`/api/intern/userProduct/supplier/unchecked/${id}/move`, body);

export function useMoveUnchecked() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: moveUnchecked,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: uncheckedKey });
      // The moved row is now a supplier variant: the supplier's price list and the overview count it (issue 26).
      void qc.invalidateQueries({ queryKey: ['intern', 'supplier'] });
      void qc.invalidateQueries({ queryKey: ['intern', 'overview'] });
    },
  });
}
