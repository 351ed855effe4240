import type { ReactNode } from 'react';
import { Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { GROWER_PRICE_COLUMNS, type GrowerPriceRow, type MarketPriceRow, type PriceType } from '@primeur/shared';
import { useEuro } from '../../../lib/format';
import { ChangeIndicator } from './ChangeIndicator';

export interface ProductRef {
  family: 'fruits' | 'legumes';
  name: string;
  /** The name in the reader's language when the row is linked to a catalog article. */
  label: string;
}

type Row = Pick<MarketPriceRow, 'family' | 'name' | 'articleNames'>;

interface TableProps<R> {
  family: 'fruits' | 'legumes';
  rows: R[];
  onOpenHistory: (p: ProductRef) => void;
}

function ProductCell({ row, onOpenHistory }: { row: Row; onOpenHistory: (p: ProductRef) => void }) {
  const { t, i18n } = useTranslation('prices');
  const lng = (i18n.resolvedLanguage ?? 'en') as keyof NonNullable<Row['articleNames']>;
  const label = row.articleNames?.[lng] ?? row.name;
  return (
    <th scope="row" className="text-nowrap">
      <Button
        variant="link"
        className="p-0 text-start"
        title={t('table.openHistory', { name: label })}
        onClick={() => onOpenHistory({ family: row.family, name: row.name, label })}
      >
        {label}
      </Button>
    </th>
  );
}

function FamilyHeading({ family, type, count }: { family: string; type: PriceType; count: number }) {
  const { t } = useTranslation('prices');
  return (
    <h3 className="h6 mt-3 mb-2" id={`${type}-${family}-heading`}>
      {t(`families.${family}`)} <span className="text-muted fw-normal">({count})</span>
    </h3>
  );
}

/** The frame both price tables share: heading, product and source first, the change last. */
function PriceTable<R extends MarketPriceRow | GrowerPriceRow>({
  type,
  family,
  rows,
  onOpenHistory,
  sourceClassName,
  priceHeads,
  priceCells,
}: TableProps<R> & {
  type: PriceType;
  sourceClassName: string;
  priceHeads: ReactNode;
  priceCells: (row: R) => ReactNode;
}) {
  const { t } = useTranslation('prices');
  return (
    <section data-testid={`${type}-table-${family}`}>
      <FamilyHeading family={family} type={type} count={rows.length} />
      <Table striped hover size="sm" responsive aria-labelledby={`${type}-${family}-heading`}>
        <thead>
          <tr>
            <th scope="col">{t('columns.product')}</th>
            <th scope="col">{t('columns.source')}</th>
            {priceHeads}
            <th scope="col" className="text-center">
              {t('columns.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <ProductCell row={r} onOpenHistory={onOpenHistory} />
              <td className={sourceClassName}>{r.source}</td>
              {priceCells(r)}
              <td className="text-center">
                <ChangeIndicator change={r.change} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

export function MarketTable(props: TableProps<MarketPriceRow>) {
  const { t } = useTranslation('prices');
  const euro = useEuro();
  return (
    <PriceTable
      {...props}
      type="market"
      sourceClassName="text-muted small"
      priceHeads={(['min', 'max', 'avg'] as const).map((c) => (
        <th scope="col" key={c} className="text-end">
          {t(`columns.${c}`)}
        </th>
      ))}
      priceCells={(r) => (
        <>
          <td className="text-end text-nowrap">{euro(r.minPrice)}</td>
          <td className="text-end text-nowrap">{euro(r.maxPrice)}</td>
          <td className="text-end text-nowrap fw-semibold">{euro(r.avgPrice)}</td>
        </>
      )}
    />
  );
}

export function GrowerTable(props: TableProps<GrowerPriceRow>) {
  const { t } = useTranslation('prices');
  const euro = useEuro();
  return (
    <PriceTable
      {...props}
      type="grower"
      sourceClassName="text-muted small text-nowrap"
      priceHeads={GROWER_PRICE_COLUMNS.map((c, i) => (
        <th scope="col" key={c} className="text-end text-nowrap" data-price-column={c}>
          {/* "Cut 3" on screen, "Price of the third cut of the day" for the pointer and screen readers. */}
          <abbr title={t('columns.cutTitle', { ordinal: t(`columns.ordinals.${i + 1}`) })}>{t('columns.cut', { n: i + 1 })}</abbr>
        </th>
      ))}
      priceCells={(r) =>
        GROWER_PRICE_COLUMNS.map((c) => (
          <td key={c} className="text-end text-nowrap">
            {euro(r[c])}
          </td>
        ))
      }
    />
  );
}
