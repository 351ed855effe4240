import { useTranslation } from 'react-i18next';
import { euro, kg } from '../lib/format';

export interface LotTotalProps {
  pallets: number;
  /** Net kg per pallet; null for a lot that did not state its weight (lots older than issue 21). */
  netKgPerPallet: number | null | undefined;
  /** The current price in €/kg (the highest offer of an auction, else the asking or starting price). */
  pricePerKg: number | null | undefined;
  className?: string;
}

/**
 * What a whole lot comes to (issue 21): "8 pallets · 6,400 kg · ≈ €10,368" in the reader's language.
 * The euro total is an estimate (the weight is confirmed at shipping), so it is rounded to the euro
 * and marked "≈"; the order's amount is computed by the server once, to the cent.
 */
export function LotTotal({ pallets, netKgPerPallet, pricePerKg, className }: LotTotalProps) {
  const { t, i18n } = useTranslation(['orders', 'marketplace']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const parts = [t('marketplace:fields.pallets', { count: pallets })];
  if (netKgPerPallet != null && netKgPerPallet > 0) {
    const total = pallets * netKgPerPallet;
    parts.push(kg(total, lng));
    if (pricePerKg != null && pricePerKg > 0) parts.push(t('orders:lotTotal.approx', { amount: euro(total * pricePerKg, lng, { decimals: 0 }) }));
  } else {
    parts.push(t('orders:lotTotal.weightUnknown'));
  }
  return (
    <span className={className} data-testid="lot-total">
      {parts.join(' · ')}
    </span>
  );
}
