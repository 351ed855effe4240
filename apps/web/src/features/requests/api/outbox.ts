import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxPage } from '@primeur/shared';
import { api } from '../../../lib/api';

export const OUTBOX_PAGE_SIZE = 25;
/** Every email the app produced, newest first, with its delivery status (`GET /api/email/intern/outbox`). */
export const getOutbox = (page: number) => api.get<OutboxPage>(`/api/email/intern/outbox?page=${page}&size=${OUTBOX_PAGE_SIZE}`);
export const useOutbox = (page: number) =>
  useQuery({ queryKey: ['intern', 'outbox', page], queryFn: () => getOutbox(page), placeholderData: keepPreviousData });
