import type { Key, ReactNode } from 'react';
import { Col, Row, Spinner } from 'react-bootstrap';
import type { Page } from '@primeur/shared';

interface PagedCardsProps<T> {
  /** The query of the shown page (kept while the next one loads). */
  list: { data?: Page<T>; isLoading: boolean; isError: boolean; isPlaceholderData: boolean };
  loadingLabel: string;
  /** Shown when the page could not be loaded. */
  failed: ReactNode;
  /** Shown when nothing matches. */
  empty: ReactNode;
  /** "n lots" above the cards. */
  total(count: number): string;
  totalTestId?: string;
  cardKey(item: T): Key;
  card(item: T): ReactNode;
  /** The pager under the cards, once a page is there. */
  pager(page: Page<T>): ReactNode;
  /** The dense view of the page's items, shown instead of the cards when given. */
  table?: (items: T[]) => ReactNode;
}

/**
 * A server-paged list as cards: a spinner while the first page loads, the failure, "nothing found" or
 * how many there are, then the cards (dimmed while the next page loads) and the pager.
 */
export function PagedCards<T>({ list, loadingLabel, failed, empty, total, totalTestId, cardKey, card, pager, table }: PagedCardsProps<T>) {
  const { data } = list;
  return (
    <>
      {list.isLoading ? <Spinner role="status" aria-label={loadingLabel} /> : null}
      {list.isError ? failed : null}
      {data?.total === 0 ? empty : null}
      {data && data.total > 0 ? (
        <p className="text-body-secondary small" aria-live="polite" data-testid={totalTestId}>
          {total(data.total)}
        </p>
      ) : null}
      {table ? (
        data && data.total > 0 ? (
          <div style={list.isPlaceholderData ? { opacity: 0.6 } : undefined}>{table(data.items)}</div>
        ) : null
      ) : (
        <Row xs={1} sm={2} md={2} lg={3} xl={4} className="g-3" style={list.isPlaceholderData ? { opacity: 0.6 } : undefined}>
          {data?.items.map((item) => (
            <Col key={cardKey(item)}>{card(item)}</Col>
          ))}
        </Row>
      )}
      {data ? pager(data) : null}
    </>
  );
}
