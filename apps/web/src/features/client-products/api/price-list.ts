import { useMutation, useQuery } from '@tanstack/react-query';
import type { Client, GeneratedPriceList } from '@primeur/shared';
import { api } from '../../../lib/api';

export const useClients = () => useQuery({ queryKey: ['intern', 'client', 'all'], queryFn: () => api.get<Client[]>('/api/intern/client/getAll') });

/**
 * The two calls of spec §7: generate the client's list, then download it by company name. The
 * browser saves the blob under the server's name, `<company>-<dd-MM>.pdf`.
 */
export async function downloadPriceList(clientId: number) {
  const made = await api.post<GeneratedPriceList>(`/api/intern/client/${clientId}/generatePriceList`);
  const blob = await api.get<Blob>(`/api/intern/client/downloadClientPriceList/${encodeURIComponent(made.company)}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = made.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return made;
}

export const useDownloadPriceList = () => useMutation({ mutationFn: downloadPriceList });
