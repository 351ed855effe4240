import type { ProductLink } from '@primeur/shared';
import { api } from '../../../lib/api';
import { useCompanyRefresh } from './company-cache';
import type { CompanyKind } from './get-company-options';

/** POST …/userProduct/user/products/add and DELETE …/productList/{kind}/delete/{id} (docs/api/product-links.md). */
export const addProducts = (kind: CompanyKind, ownerId: number, productIds: number[]) =>
  api.post<ProductLink[]>('/api/intern/userProduct/user/products/add', { [kind === 'supplier' ? 'supplierId' : 'clientId']: ownerId, productIds });
export const deleteProductLink = (kind: CompanyKind, linkId: number) => api.delete<{ message: string }>(`/api/intern/productList/${kind}/delete/${linkId}`);

export const useAddProducts = (kind: CompanyKind) =>
  useCompanyRefresh(kind, (v: { ownerId: number; productIds: number[] }) => addProducts(kind, v.ownerId, v.productIds));
export const useDeleteProductLink = (kind: CompanyKind) => useCompanyRefresh(kind, (linkId: number) => deleteProductLink(kind, linkId));
