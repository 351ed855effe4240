import { useEffect, useState } from 'react';
import { ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { PasswordScore } from '@primeur/shared/passwords';

type Scorer = (password: string, userInputs?: string[]) => PasswordScore;
const VARIANTS = ['danger', 'danger', 'warning', 'success', 'success'] as const;

/**
 * A strength meter under a new-password field: the server's own rule (zxcvbn, score 3 needed), so
 * the meter and the refusal agree. The dictionaries load on first use, outside the main bundle.
 */
export function PasswordStrength({ password, userInputs = [] }: { password: string | undefined; userInputs?: string[] }) {
  const { t } = useTranslation('password');
  const [score, setScore] = useState<Scorer | null>(null);
  useEffect(() => {
    let alive = true;
    void import('@primeur/shared/passwords').then((m) => alive && setScore(() => m.passwordScore));
    return () => {
      alive = false;
    };
  }, []);
  if (!password || !score) return null;
  const level = score(password, userInputs);
  return (
    <div className="mt-2" data-testid="password-strength" data-score={level}>
      <ProgressBar now={((level + 1) / 5) * 100} variant={VARIANTS[level]} style={{ height: 6 }} aria-hidden="true" />
      <small className={level >= 3 ? 'text-success' : 'text-danger'} aria-live="polite">
        {t(`level${level}`)}
      </small>
    </div>
  );
}
