import { useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FAMILIES, type GrowerPriceRow, type MarketPriceRow, type PriceType } from '@primeur/shared';
import { useScrapedPrices } from '../api/scraped-prices';
import { isoDay } from './dates';
import { PriceFilters, type Family } from './PriceFilters';
import { GrowerTable, MarketTable, type ProductRef } from './PriceTables';

/** One tab: its filters, then one table for the chosen family or one per family. */
export function PriceTab({ type, onOpenHistory }: { type: PriceType; onOpenHistory: (p: ProductRef & { type: PriceType; date: string }) => void }) {
  const { t } = useTranslation('prices');
  const [family, setFamily] = useState<Family | null>(null);
  const [date, setDate] = useState(() => isoDay(new Date()));
  const { data, isLoading, isError } = useScrapedPrices(date, type);
  const families = family ? [family] : FAMILIES;
  const open = (p: ProductRef) => onOpenHistory({ ...p, type, date });
  return (
    <div data-testid={`${type}-tab`}>
      <PriceFilters type={type} family={family} onFamily={setFamily} date={date} onDate={setDate} />
      {isLoading ? <Spinner size="sm" aria-label={t('table.loading')} /> : null}
      {isError ? <Alert variant="danger">{t('table.loadError')}</Alert> : null}
      {data?.length === 0 ? (
        <Alert variant="light" className="border" data-testid={`${type}-empty`}>
          {t('table.empty')}
        </Alert>
      ) : null}
      {data && data.length > 0
        ? families.map((f) => {
            const rows = data.filter((r) => r.family === f);
            return type === 'market' ? (
              <MarketTable key={f} family={f} rows={rows as MarketPriceRow[]} onOpenHistory={open} />
            ) : (
              <GrowerTable key={f} family={f} rows={rows as GrowerPriceRow[]} onOpenHistory={open} />
            );
          })
        : null}
    </div>
  );
}
