import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminProduct, ProductFormOptions } from '@primeur/shared';
import { api } from '../../../lib/api';

export const articleNamesQuery = {
  queryKey: ['auctions', 'articleNames'],
  queryFn: () => api.get<ProductFormOptions>('/api/users/product/formOptions'),
  staleTime: 10 * 60_000,
};

/** The article's catalog name in the reader's language, else the English one the lot carries. */
export function useArticleName() {
  const { i18n } = useTranslation();
  const { data } = useQuery(articleNamesQuery);
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  return (p: Pick<AdminProduct, 'articleId' | 'productName'>) => data?.articles.find((a) => a.id === p.articleId)?.names[lng] ?? p.productName;
}
