import type { Key, ReactNode } from 'react';
import { Col, Row } from 'react-bootstrap';
import { PagedList, type PagedListProps } from './PagedList';

interface PagedCardsProps<T> extends Omit<PagedListProps<T>, 'children'> {
  cardKey(item: T): Key;
  card(item: T): ReactNode;
  /** The dense view of the page's items, shown instead of the cards when given. */
  table?: (items: T[]) => ReactNode;
}

/** A server-paged list as cards (or as the dense table the reader chose), in the shell of `PagedList`. */
export function PagedCards<T>({ cardKey, card, table, ...shell }: PagedCardsProps<T>) {
  return (
    <PagedList {...shell}>
      {(items) =>
        table ? (
          table(items)
        ) : (
          <Row xs={1} sm={2} md={2} lg={3} xl={4} className="g-3">
            {items.map((item) => (
              <Col key={cardKey(item)}>{card(item)}</Col>
            ))}
          </Row>
        )
      }
    </PagedList>
  );
}
