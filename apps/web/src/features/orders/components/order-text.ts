import { useTranslation } from 'react-i18next';
import type { OrderLot } from '@primeur/shared';

/** The article of an order's lot in the reader's language (the snapshot carries the four names). */
export function useLotArticle() {
  const { i18n } = useTranslation();
  const lng = (i18n.resolvedLanguage ?? 'en') as keyof OrderLot['article'];
  return (lot: Pick<OrderLot, 'article'>) => lot.article[lng] ?? lot.article.en;
}
