import { useTranslation } from 'react-i18next';
import { countdownLabel } from './time-left';

/** The time left of an auction, or "ended". */
export function TimeLeft({ ms }: { ms: number }) {
  const { t } = useTranslation('auctions');
  if (ms <= 0) return <span>{t('details.ended')}</span>;
  return <span>{countdownLabel(t, ms)}</span>;
}
