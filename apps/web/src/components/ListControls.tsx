import type { ReactNode } from 'react';
import { Col, Form, Nav, type ColProps } from 'react-bootstrap';
import type { ListParams } from '../lib/list-params';

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
  // A narrow column may cut the chosen option's name: the pointer shows it whole.
  const shown = options.find(([v]) => v === value)?.[1] ?? allLabel;
  return (
    <Col {...widths}>
      <Form.Select id={id} aria-label={label} title={shown} value={value} onChange={(e) => onChange(e.target.value as V | '')}>
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

/** "12 6 4 3": the column's widths from phones up (xs, sm, md, lg); "-" skips a size. */
function widthsOf(cols: string): ColumnWidths {
  const [xs, sm, md, lg] = cols.split(' ').map((w) => (w === '-' ? undefined : Number(w)));
  return { xs, sm, md, lg };
}

type Options = ReadonlyArray<readonly [string, string]>;

/** A list's values as options, each named by the translation `<prefix>.<value>`. */
export function optionsOf(values: readonly string[], t: (key: string) => string, prefix: string): Options {
  return values.map((v) => [v, t(`${prefix}.${v}`)] as const);
}

/** One select of a `ListFilters` row: the filter `name` of the address, its label, the first option's text, the options. */
export interface SelectSpec {
  name: string;
  label: string;
  all: string;
  options: Options;
  /** The shown value when the address's is checked first (an unknown status shows "all"). */
  value?: string;
  /** Column widths as `widthsOf` reads them; "12 6 4 3" by default. */
  cols?: string;
}

interface ListFiltersProps<K extends string> {
  /** Field ids: `<idPrefix>-search`, `<idPrefix>-<name>`. */
  idPrefix: string;
  params: ListParams<K>;
  /** The search box: its label (said to screen readers), its placeholder and its widths ("12 - 6 4" by default); none without. */
  search?: readonly [label: string, placeholder: string, cols?: string];
  selects?: readonly SelectSpec[];
  /** Fields of their own after the selects (dates, a company). */
  children?: ReactNode;
  className?: string;
}

/**
 * The filter row of a list (decision 910): the search box and the selects, bound to the list's
 * filters (in the address, or in the page), each in its column; a change goes back to the first page.
 */
export function ListFilters<K extends string>({ idPrefix, params, search, selects = [], children, className }: ListFiltersProps<K>) {
  const { filters, setFilters } = params;
  const current = filters as Record<string, string>;
  return (
    <ListSearchForm className={className}>
      {search ? (
        <SearchField
          id={`${idPrefix}-search`}
          {...widthsOf(search[2] ?? '12 - 6 4')}
          label={search[0]}
          placeholder={search[1]}
          value={params.search}
          onChange={params.setSearch}
        />
      ) : null}
      {selects.map((s) => (
        <FilterSelect
          key={s.name}
          id={`${idPrefix}-${s.name}`}
          {...widthsOf(s.cols ?? '12 6 4 3')}
          label={s.label}
          value={s.value ?? current[s.name] ?? ''}
          onChange={(v) => setFilters({ [s.name]: v } as Partial<Record<K, string>>)}
          allLabel={s.all}
          options={s.options}
        />
      ))}
      {children}
    </ListSearchForm>
  );
}

/** The tabs above a list that switch its side (bought or sold, issued or received), as a filter of the address. */
export function ListTabs<V extends string>({
  value,
  tabs,
  onSelect,
  testId,
}: {
  value: V;
  tabs: ReadonlyArray<readonly [V, string]>;
  onSelect(tab: V): void;
  testId: string;
}) {
  return (
    <Nav variant="tabs" className="mb-3" activeKey={value} onSelect={(k) => k && onSelect(k as V)} role="tablist">
      {tabs.map(([tab, text]) => (
        <Nav.Item key={tab}>
          <Nav.Link eventKey={tab} role="tab" aria-selected={value === tab} data-testid={`${testId}-${tab}`}>
            {text}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
