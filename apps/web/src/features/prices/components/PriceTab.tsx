import { useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FAMILIES, todayInParis, type GrowerPriceRow, type MarketPriceRow, type PriceType } from '@primeur/shared';
import { useScrapedPrices } from '../api/scraped-prices';
import { PriceFilters, type Family } from './PriceFilters';
import { GrowerTable, MarketTable, type ProductRef } from './PriceTables';
import { LoadFailed } from '../../../components/LoadFailed';

/** One tab: its filters, then one table for the chosen family or one per family. */
export function PriceTab({ type, onOpenHistory }: { type: PriceType; onOpenHistory: (p: ProductRef & { type: PriceType; date: string }) => void }) {
  const { t } = useTranslation('prices');
  const [family, setFamily] = useState<Family | null>(null);
  const [date, setDate] = useState(() => todayInParis());
  const { data, isLoading, isError, refetch } = useScrapedPrices(date, type);
  const families = family ? [family] : FAMILIES;
  const open = (p: ProductRef) => onOpenHistory({ ...p, type, date });
  return (
    <div data-testid={`${type}-tab`}>
      <PriceFilters type={type} family={family} onFamily={setFamily} date={date} onDate={setDate} />
      {type === 'grower' ? (
        <p className="small text-body-secondary" id="grower-cuts-explained" data-testid="grower-explain">
          {t('grower.explain')}
        </p>
      ) : null}
      {isLoading ? <Spinner size="sm" role="status" aria-label={t('table.loading')} /> : null}
      {isError ? <LoadFailed message={t('table.loadError')} onRetry={() => void refetch()} /> : null}
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
