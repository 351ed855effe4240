import { useCallback, useState, type Key, type ReactNode } from 'react';
import { Button, ButtonGroup, Col, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LOT_SORTS, QUALITY_CLASSES, type LotSort, type ProductFormOptions, type QualityClass } from '@primeur/shared';
import { FilterSelect } from './ListControls';

export type LotView = 'cards' | 'table';

const storageKey = (userId: number | undefined) => `primeur.lotView.${userId ?? 'guest'}`;

function readView(key: string): LotView {
  try {
    return window.localStorage.getItem(key) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

/** Cards or table on the lot lists, remembered per user in this browser (decision 872). */
export function useLotView(userId: number | undefined) {
  const key = storageKey(userId);
  const [state, setState] = useState<{ key: string; view: LotView }>(() => ({ key, view: readView(key) }));
  // Another user signs in on the same tab: read that user's choice.
  const view = state.key === key ? state.view : readView(key);
  const setView = useCallback(
    (next: LotView) => {
      setState({ key, view: next });
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // A browser that refuses storage still switches for this visit.
      }
    },
    [key],
  );
  return [view, setView] as const;
}

/** The two buttons that switch the list between cards and a dense table. */
export function ViewToggle({ value, onChange }: { value: LotView; onChange(view: LotView): void }) {
  const { t } = useTranslation('marketplace');
  return (
    <ButtonGroup size="sm" aria-label={t('list.view')} data-testid="view-toggle">
      {(['cards', 'table'] as const).map((v) => (
        <Button key={v} variant={value === v ? 'primary' : 'outline-primary'} aria-pressed={value === v} onClick={() => onChange(v)}>
          {t(`list.${v}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}

const parseSort = (v: string): LotSort | undefined => ((LOT_SORTS as readonly string[]).includes(v) ? (v as LotSort) : undefined);
const parseClass = (v: string): QualityClass | undefined => ((QUALITY_CLASSES as readonly string[]).includes(v) ? (v as QualityClass) : undefined);

/** The sort, class and certificate of the address as the list query takes them (unknown values dropped). */
export function lotListExtras(filters: { sort: string; qualityClass: string; certificate: string }) {
  const certificate = /^\d{1,9}$/.test(filters.certificate) ? Number(filters.certificate) : 0;
  return {
    sort: parseSort(filters.sort),
    qualityClass: parseClass(filters.qualityClass),
    certificate: certificate > 0 ? certificate : undefined,
  };
}

interface LotListFiltersProps {
  idPrefix: string;
  filters: { sort: string; qualityClass: string; certificate: string };
  setFilters(changes: Partial<{ sort: string; qualityClass: string; certificate: string }>): void;
  /** Sorts this list offers (the marketplace has no auction end). */
  sorts?: readonly LotSort[];
  certificates: ReadonlyArray<readonly [string, string]>;
}

/** The certificates of the lot form's options as filter options, named in the reader's language. */
export function certificateOptions(list: ProductFormOptions['certificates'] | undefined, lng: string): Array<readonly [string, string]> {
  return (list ?? []).map((c) => [String(c.id), c.names?.[lng as 'en'] ?? c.name] as const);
}

/**
 * The columns of the sort, class and certificate selects: wide enough for their longest option in every
 * language ("Standardreihenfolge", "Orden predeterminado") from the phone up to 1366 px (decision 954).
 */
const FITTING = { xs: 12, sm: 6, md: 4, lg: 3 } as const;

/** Sort, class and certificate selects, in their columns of a `ListSearchForm`. */
export function LotListFilters({ idPrefix, filters, setFilters, sorts = LOT_SORTS, certificates }: LotListFiltersProps) {
  const { t } = useTranslation('marketplace');
  return (
    <>
      <FilterSelect
        id={`${idPrefix}-sort`}
        {...FITTING}
        label={t('list.sort')}
        value={filters.sort}
        onChange={(v) => setFilters({ sort: v })}
        allLabel={t('list.sorts.default')}
        options={sorts.map((s) => [s, t(`list.sorts.${s}`)] as const)}
      />
      <FilterSelect
        id={`${idPrefix}-class`}
        {...FITTING}
        label={t('list.class')}
        value={filters.qualityClass}
        onChange={(v) => setFilters({ qualityClass: v })}
        allLabel={t('list.allClasses')}
        options={QUALITY_CLASSES.map((c) => [c, t(`lotFacts.class.${c}`)] as const)}
      />
      <FilterSelect
        id={`${idPrefix}-certificate`}
        {...FITTING}
        label={t('list.certificate')}
        value={filters.certificate}
        onChange={(v) => setFilters({ certificate: v })}
        allLabel={t('list.allCertificates')}
        options={certificates}
      />
    </>
  );
}

/** "No lot matches" (the list's own words, else "No lot matches these filters") with the action that lifts every filter. */
export function NoMatch({ onClear, message }: { onClear(): void; message?: string }) {
  const { t } = useTranslation('marketplace');
  return (
    <div className="d-flex flex-wrap align-items-center gap-3" data-testid="no-match">
      <p className="mb-0">{message ?? t('list.noMatch')}</p>
      <Button size="sm" variant="outline-secondary" onClick={onClear}>
        {t('list.clearFilters')}
      </Button>
    </div>
  );
}

/** The view toggle on the right of a list's toolbar row. */
export function ViewToggleCol({ value, onChange }: { value: LotView; onChange(view: LotView): void }) {
  return (
    <Col xs="auto" className="ms-auto d-flex align-items-center">
      <ViewToggle value={value} onChange={onChange} />
    </Col>
  );
}

export interface LotColumn<T> {
  key: string;
  header: string;
  cell(item: T): ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** Hidden on phones (the dense view keeps what a buyer compares first). */
  wide?: boolean;
}

/** The dense view: one row per lot, the columns each list chooses. */
export function LotTable<T>({ items, rowKey, columns, testId }: { items: T[]; rowKey(item: T): Key; columns: Array<LotColumn<T>>; testId: string }) {
  const cls = (c: LotColumn<T>) => [c.numeric ? 'text-end text-nowrap' : '', c.wide ? 'd-none d-md-table-cell' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Table size="sm" hover responsive className="align-middle" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={cls(c)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={rowKey(item)}>
            {columns.map((c) => (
              <td key={c.key} className={cls(c)}>
                {c.cell(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
