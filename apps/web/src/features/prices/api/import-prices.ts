import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceImportResult } from '@primeur/shared';
import { api } from '../../../lib/api';

/** Uploads one price file (multipart field "file"); the server answers the import or refuses with the line. */
export const importPriceFile = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<PriceImportResult>('/api/intern/prices/import', form);
};

export function useImportPrices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importPriceFile,
    // Refused files are recorded too, so the status changes either way.
    onSettled: () => qc.invalidateQueries({ queryKey: ['prices'] }),
  });
}
