import { useTranslation } from 'react-i18next';
import { BsArrowDownRight, BsArrowRight, BsArrowUpRight } from 'react-icons/bs';
import { formatDay, type MarketPriceRow } from '@primeur/shared';
import { euro } from '../../../lib/format';

const LOOK = {
  up: { Icon: BsArrowUpRight, className: 'text-success' },
  down: { Icon: BsArrowDownRight, className: 'text-danger' },
  flat: { Icon: BsArrowRight, className: 'text-secondary' },
} as const;

/** Up, flat or down against the previous day that has data; the tooltip says from what and when. */
export function ChangeIndicator({ change }: { change: MarketPriceRow['change'] }) {
  const { t, i18n } = useTranslation('prices');
  if (!change)
    return (
      <span className="text-muted" title={t('change.none')}>
        –
      </span>
    );
  const { Icon, className } = LOOK[change.direction];
  const text = t(`change.${change.direction}`, {
    price: euro(change.previousPrice, i18n.resolvedLanguage),
    date: formatDay(change.previousDate, i18n.resolvedLanguage),
  });
  return (
    <span className={className} title={text} data-change={change.direction}>
      <Icon aria-hidden />
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
