import { useEffect, useState } from 'react';
import { COUNTDOWN_REFRESH_MS } from '@primeur/shared';

export { countdownLabel, countdownText, splitDuration } from '../../../lib/countdown';

/** Milliseconds until `end`, ticking every second; `offsetMs` = server clock − this clock. Never below zero. */
export function useTimeLeft(end: string | null | undefined, offsetMs = 0) {
  const compute = () => (end ? Math.max(0, Date.parse(end) - (Date.now() + offsetMs)) : 0);
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    setLeft(compute());
    const id = setInterval(() => setLeft(compute()), COUNTDOWN_REFRESH_MS);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [end, offsetMs]);
  return left;
}

/** The server's clock (ms), ticking every second; `offsetMs` = server clock − this clock. */
export function useServerNow(offsetMs = 0) {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const id = setInterval(() => setNow(Date.now() + offsetMs), COUNTDOWN_REFRESH_MS);
    return () => clearInterval(id);
  }, [offsetMs]);
  return now;
}
