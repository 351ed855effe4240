import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductInput, SupplierProduct } from '@primeur/shared';
import { api } from '../../../lib/api';

export const myProductsQuery = { queryKey: ['marketplace', 'mine'], queryFn: () => api.get<SupplierProduct[]>('/api/users/product/myProducts') };
export const useMyProducts = () => useQuery(myProductsQuery);

/** Every change to a lot refreshes the supplier's list and the marketplace. */
function useLotMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['marketplace'] });
    },
  });
}

/** Create: the form as JSON in the `data` field and the photos as files, in one multipart request. */
export const postCreateProduct = ({ input, files }: { input: ProductInput; files: File[] }) => {
  const body = new FormData();
  body.append('data', JSON.stringify(input));
  for (const f of files) body.append('photos', f, f.name);
  return api.post<AdminProduct>('/api/users/product/add', body);
};
export const useCreateProduct = () => useLotMutation(postCreateProduct);

export const putUpdateProduct = ({ productId, input }: { productId: number; input: ProductInput }) =>
  api.put<AdminProduct>(`/api/users/product/update/${productId}`, input);
export const useUpdateProduct = () => useLotMutation(putUpdateProduct);

export const deleteProduct = (productId: number) => api.delete<void>(`/api/users/product/delete/${productId}`);
export const useWithdrawProduct = () => useLotMutation(deleteProduct);

export const postAddPhotos = ({ productId, files }: { productId: number; files: File[] }) => {
  const body = new FormData();
  for (const f of files) body.append('photos', f, f.name);
  return api.post<AdminProduct>(`/api/users/product/photos/add/${productId}`, body);
};
export const useAddPhotos = () => useLotMutation(postAddPhotos);

export const deletePhoto = ({ productId, file }: { productId: number; file: string }) =>
  api.delete<AdminProduct>(`/api/users/product/photos/delete/${productId}/${encodeURIComponent(file)}`);
export const useRemovePhoto = () => useLotMutation(deletePhoto);
