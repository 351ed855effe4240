import { useTranslation } from 'react-i18next';
import { formatDateTime, type Notification } from '@primeur/shared';
import { euro } from '../../../lib/format';

/** The sentence a notice shows, in the reader's language. */
export function useNotificationText() {
  const { t, i18n } = useTranslation('alerts');
  return (n: Notification) => {
    const vars = {
      lot: n.productName,
      amount: euro(n.data.amount ?? null, i18n.resolvedLanguage),
      time: n.data.endsAt ? formatDateTime(n.data.endsAt, i18n.resolvedLanguage) : '',
    };
    if (n.kind === 'auction_result') return t(`text.${n.data.outcome ?? 'sold'}`, vars);
    // A buyer whose lot ended under the reserve did not lose to anyone: nobody won.
    if (n.kind === 'lost' && n.data.outcome === 'unsold_reserve') return t('text.lostReserve', vars);
    return t(`text.${n.kind}`, vars);
  };
}
