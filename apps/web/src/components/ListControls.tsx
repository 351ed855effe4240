import { useEffect, useState, type ReactNode } from 'react';
import { Button, Col, Form, type ColProps } from 'react-bootstrap';
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

/** A list's search and filters above it: one row of fields that apply as they change (nothing to submit). */
export function ListSearchForm({ className = 'mb-3', children }: { className?: string; children: ReactNode }) {
  return (
    <Form className={`row g-2 ${className}`} role="search" onSubmit={(e) => e.preventDefault()}>
      {children}
    </Form>
  );
}

type ColumnWidths = Pick<ColProps, 'xs' | 'sm' | 'md' | 'lg'>;

interface SearchFieldProps extends ColumnWidths {
  id: string;
  /** Said to screen readers only; the placeholder shows on screen. */
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}

/** The free-text search of a list, in its column of a `ListSearchForm`. */
export function SearchField({ id, label, placeholder, value, onChange, ...widths }: SearchFieldProps) {
  return (
    <Col {...widths}>
      <Form.Label htmlFor={id} visuallyHidden>
        {label}
      </Form.Label>
      <Form.Control id={id} type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </Col>
  );
}

interface FilterSelectProps<V extends string> extends ColumnWidths {
  id: string;
  label: string;
  value: string;
  onChange(value: NoInfer<V> | ''): void;
  /** The first option, which lifts the filter. */
  allLabel: string;
  /** Value and shown text of each option after the first. */
  options: ReadonlyArray<readonly [V, string]>;
}

/** A filter of a list as a select whose first option shows everything, in its column of a `ListSearchForm`. */
export function FilterSelect<V extends string>({ id, label, value, onChange, allLabel, options, ...widths }: FilterSelectProps<V>) {
  return (
    <Col {...widths}>
      <Form.Select id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value as V | '')}>
        <option value="">{allLabel}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Col>
  );
}
