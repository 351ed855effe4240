import type { ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import type { Page } from '@primeur/shared';
import { LoadFailed } from './LoadFailed';
import { Pager, useClampPage } from './Pager';

/** The query of the shown page (kept while the next one loads). */
export interface PagedQuery<T> {
  data?: Page<T>;
  isLoading: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  isFetching: boolean;
  refetch(): unknown;
}

/** What a paged list says while it loads, when it failed, and how many there are. */
export interface PagedTexts {
  loading: string;
  loadError: string;
  total(count: number): string;
}

/** The texts of a list whose namespace keeps them as `loading`, `<prefix>.loadError` and `<prefix>.total`. */
export function pagedTexts(t: (key: string, options?: { count: number }) => string, prefix: string): PagedTexts {
  return { loading: t('loading'), loadError: t(`${prefix}.loadError`), total: (count) => t(`${prefix}.total`, { count }) };
}

export interface PagedListProps<T> {
  list: PagedQuery<T>;
  /** The shown page and the move to another. */
  params: { page: number; setPage(page: number): void };
  /** The test ids of the list's parts: `<testId>-total`, `<testId>-page`, `<testId>-empty`. */
  testId: string;
  texts: PagedTexts;
  /** Shown when nothing is there: a sentence, or what the list offers instead (lifting its filters). */
  empty: ReactNode;
  /** The test id of the items' box. */
  itemsTestId?: string;
  /** The page's items. */
  children(items: T[]): ReactNode;
}

/**
 * The shell of every server-paged list (decision 910): a spinner while the first page loads, the
 * failure with Retry, "nothing found" or how many there are, then the items (dimmed while the next
 * page loads) and the pager. A page beyond the last one moves to the last one.
 */
export function PagedList<T>({ list, params, testId, texts, empty, itemsTestId, children }: PagedListProps<T>) {
  const { data } = list;
  const { page, setPage: onPage } = params;
  useClampPage(page, data, onPage);
  return (
    <>
      {list.isLoading ? <Spinner role="status" aria-label={texts.loading} /> : null}
      {list.isError ? <LoadFailed message={texts.loadError} onRetry={() => void list.refetch()} busy={list.isFetching} /> : null}
      {data?.total === 0 ? typeof empty === 'string' ? <p data-testid={`${testId}-empty`}>{empty}</p> : empty : null}
      {data && data.total > 0 ? (
        <>
          <p className="text-body-secondary small" aria-live="polite" data-testid={`${testId}-total`}>
            {texts.total(data.total)}
          </p>
          <div style={list.isPlaceholderData ? { opacity: 0.6 } : undefined} data-testid={itemsTestId}>
            {children(data.items)}
          </div>
          <Pager page={page} size={data.size} total={data.total} onPage={onPage} busy={list.isPlaceholderData} testId={`${testId}-page`} />
        </>
      ) : null}
    </>
  );
}
