import { useEffect } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BsChevronDoubleLeft, BsChevronDoubleRight } from 'react-icons/bs';

export interface PagerProps {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  /** True while the next page loads (moving on is refused until it is there). */
  busy?: boolean;
  testId?: string;
}

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / Math.max(1, size)));

/**
 * Moves through a paged list: first, previous, "Page n of m", next, last. Wraps on narrow screens
 * (390 px holds it on one line); hidden when everything fits on one page.
 */
export function Pager({ page, size, total, onPage, busy = false, testId }: PagerProps) {
  const { t } = useTranslation('common');
  const pages = pageCount(total, size);
  if (pages <= 1 && page <= 1) return null;
  const go = (n: number) => {
    onPage(n);
    // Back to the top of the page, where the new page's first lots are.
    document.querySelector('h1')?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <nav aria-label={t('pager.label')} className="d-flex flex-wrap justify-content-center align-items-center gap-2 mt-4">
      <Button variant="outline-secondary" size="sm" disabled={page <= 1} onClick={() => go(1)} aria-label={t('pager.first')} title={t('pager.first')}>
        <BsChevronDoubleLeft aria-hidden />
      </Button>
      <Button variant="outline-secondary" size="sm" disabled={page <= 1} onClick={() => go(Math.min(page - 1, pages))}>
        {t('pager.previous')}
      </Button>
      <span className="text-nowrap px-1" data-testid={testId} aria-live="polite">
        {t('pager.pageOf', { page, pages })}
      </span>
      <Button variant="outline-secondary" size="sm" disabled={page >= pages || busy} onClick={() => go(page + 1)}>
        {t('pager.next')}
      </Button>
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={page >= pages || busy}
        onClick={() => go(pages)}
        aria-label={t('pager.last')}
        title={t('pager.last')}
      >
        <BsChevronDoubleRight aria-hidden />
      </Button>
    </nav>
  );
}

/** A page number beyond the last page (lots ended since the link was made) moves to the last one. */
export function useClampPage(page: number, data: { total: number; size: number } | undefined, setPage: (n: number) => void) {
  useEffect(() => {
    if (!data) return;
    const pages = pageCount(data.total, data.size);
    if (page > pages) setPage(pages);
  }, [page, data, setPage]);
}
