import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FAMILIES, type LotListQuery } from '@primeur/shared';
import { useFamilyOptions, useOriginOptions } from '../lib/lookups';
import { useListPage, type ListParams } from '../lib/list-params';
import { FilterSelect, ListSearchForm, SearchField } from './ListControls';
import { LotListFilters, lotListExtras, NoMatch, useLotView, ViewToggleCol, type LotView } from './LotListControls';

/** The filters of the lot lists in the address; the marketplace adds the article. */
type LotFilterKey = 'q' | 'family' | 'article' | 'origin' | 'sort' | 'qualityClass' | 'certificate';

export interface LotListPage<K extends LotFilterKey> extends ListParams<K> {
  view: LotView;
  setView(view: LotView): void;
  /** A search or a filter is on (the sort is not a filter). */
  filtered: boolean;
  /** Lifts the search and every filter, keeps the sort. */
  clear(): void;
  /** The query's words, family, origin, sort, class and certificate as the list endpoints take them. */
  query: Pick<LotListQuery, 'q' | 'family' | 'origin' | 'sort' | 'qualityClass' | 'certificate'>;
}

/** The state of a lot list (the auctions, the marketplace): page and filters in the address, the view per reader. */
export function useLotListPage<K extends LotFilterKey>(keys: readonly K[], userId: number | undefined): LotListPage<K> {
  const params = useListPage(keys);
  const [view, setView] = useLotView(userId);
  const f = params.filters as Record<string, string>;
  const { setFilters } = params;
  return {
    ...params,
    view,
    setView,
    filtered: keys.some((k) => k !== 'sort' && f[k]),
    // Setting `q` through the filters also empties the box and drops typing not yet applied.
    clear: () => setFilters({ ...(Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>), sort: f.sort } as Partial<Record<K, string>>),
    query: {
      q: f.q || undefined,
      family: (f.family || undefined) as (typeof FAMILIES)[number] | undefined,
      origin: f.origin || undefined,
      ...lotListExtras({ sort: f.sort ?? '', qualityClass: f.qualityClass ?? '', certificate: f.certificate ?? '' }),
    },
  };
}

/** What a lot list shows when no lot is there: "no lot matches" with the way out of the filters, or its own "none". */
export function lotListEmpty<K extends LotFilterKey>(lots: LotListPage<K>, noMatch: string, empty: string): ReactNode {
  return lots.filtered ? <NoMatch message={noMatch} onClear={lots.clear} /> : <p>{empty}</p>;
}

interface LotFilterRowProps<K extends LotFilterKey> {
  /** Field ids: `<idPrefix>-search`, `<idPrefix>-family`… */
  idPrefix: string;
  lots: LotListPage<K>;
  /** The search box's label (for screen readers) and placeholder. */
  search: readonly [label: string, placeholder: string];
  /** The articles of the chosen family, for lists that filter by article (changing the family lifts it). */
  articles?: ReadonlyArray<readonly [string, string]>;
  certificates: ReadonlyArray<readonly [string, string]>;
  className?: string;
}

/**
 * The filter row of the lot lists (decision 910): search, family, article where the list has it,
 * origin, then sort, class and certificate, and the switch between cards and table on the right.
 */
export function LotFilterRow<K extends LotFilterKey>({ idPrefix, lots, search, articles, certificates, className }: LotFilterRowProps<K>) {
  const { t } = useTranslation('marketplace');
  const families = useFamilyOptions();
  const origins = useOriginOptions();
  const f = lots.filters as Record<string, string>;
  const setFilters = lots.setFilters as (changes: Partial<Record<LotFilterKey, string>>) => void;
  // With the article the row has four fields before the sort: each takes less room.
  const narrow = articles !== undefined;
  return (
    <ListSearchForm className={className}>
      <SearchField
        id={`${idPrefix}-search`}
        xs={12}
        md={narrow ? 4 : 6}
        lg={narrow ? undefined : 4}
        label={search[0]}
        placeholder={search[1]}
        value={lots.search}
        onChange={lots.setSearch}
      />
      <FilterSelect
        id={`${idPrefix}-family`}
        xs={12}
        {...(narrow ? { sm: 4, md: 2 } : { sm: 6, md: 3, lg: 2 })}
        label={t('marketplace.family')}
        value={f.family ?? ''}
        onChange={(v) => setFilters(narrow ? { family: v, article: '' } : { family: v })}
        allLabel={t('marketplace.allFamilies')}
        options={families}
      />
      {articles ? (
        <FilterSelect
          id={`${idPrefix}-article`}
          xs={12}
          sm={4}
          md={3}
          label={t('marketplace.article')}
          value={f.article ?? ''}
          onChange={(v) => setFilters({ article: v })}
          allLabel={t('marketplace.allArticles')}
          options={articles}
        />
      ) : null}
      <FilterSelect
        id={`${idPrefix}-origin`}
        xs={12}
        sm={narrow ? 4 : 6}
        md={3}
        label={t('marketplace.origin')}
        value={f.origin ?? ''}
        onChange={(v) => setFilters({ origin: v })}
        allLabel={t('marketplace.allOrigins')}
        options={origins}
      />
      <LotListFilters
        idPrefix={idPrefix}
        filters={{ sort: f.sort ?? '', qualityClass: f.qualityClass ?? '', certificate: f.certificate ?? '' }}
        setFilters={setFilters}
        certificates={certificates}
      />
      <ViewToggleCol value={lots.view} onChange={lots.setView} />
    </ListSearchForm>
  );
}
