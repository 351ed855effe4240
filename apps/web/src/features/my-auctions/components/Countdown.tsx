import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTDOWN_REFRESH_MS } from '@primeur/shared';
import { countdownLabel } from '../../../lib/countdown';

/** Time left until `end` (the lot's current end), ticking; "Ended" once past. */
export function Countdown({ end }: { end: string | null }) {
  const { t } = useTranslation('alerts');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => clearInterval(id);
  }, []);
  const ms = end ? Date.parse(end) - now : 0;
  if (ms <= 0) return <span>{t('page.ended')}</span>;
  // Wraps between units in a narrow column (a phone's lot card), never inside one.
  return <span>{countdownLabel(t, ms)}</span>;
}
