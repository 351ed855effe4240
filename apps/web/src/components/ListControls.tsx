import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The value once it has stopped changing for `delayMs` (search fields ask the server after typing). */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

interface PagerProps {
  page: number;
  total: number;
  size: number;
  onPage(page: number): void;
  /** True while the next page is being fetched (the buttons wait). */
  busy?: boolean;
  testId?: string;
}

/** Previous / "Page n of m" / Next under a paged list; nothing when everything fits on one page. */
export function Pager({ page, total, size, onPage, busy, testId }: PagerProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('list.pager')} className="d-flex justify-content-center align-items-center gap-3 mt-4">
      <Button variant="outline-secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        {t('list.previous')}
      </Button>
      <span data-testid={testId}>{t('list.pageOf', { page, pages })}</span>
      <Button variant="outline-secondary" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        {t('list.next')}
      </Button>
    </nav>
  );
}
