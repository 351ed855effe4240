import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UNCHECKED_PAGE_SIZE, type UncheckedPage } from '@primeur/shared';
import { api } from '../../../lib/api';

/** `GET …/supplier/unchecked?page=&size=`: pages of 10 from page 0 (spec §9). */
export const uncheckedKey = ['intern', 'unchecked'] as const;
export const fetchUncheckedPage = (page: number) =>
  api.get<UncheckedPage>(`/api/intern/userProduct/supplier/unchecked?page=${page}&size=${UNCHECKED_PAGE_SIZE}`);

export const uncheckedPageQuery = (page: number) => ({
  queryKey: [...uncheckedKey, page],
  queryFn: () => fetchUncheckedPage(page),
  placeholderData: keepPreviousData,
});

export const useUncheckedPage = (page: number) => useQuery(uncheckedPageQuery(page));
