import { useEffect, useState } from 'react';
import { ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { PasswordStrengthAnswer, PasswordStrengthQuery } from '@primeur/shared';
import { api } from '../lib/api';

const VARIANTS = ['danger', 'danger', 'warning', 'success', 'success'] as const;
/** Quiet time after the last key before the server is asked (decision 840). */
export const STRENGTH_DEBOUNCE_MS = 300;

/**
 * A strength meter under a new-password field: the server's own verdict (zxcvbn, score 3 needed,
 * POST /auth/password-strength), so the meter and the refusal agree and the page carries no
 * dictionaries (decision 840). Asked once the typing pauses; an answer to an older password is dropped.
 * Until the answer to the latest password comes, the last one stays, dimmed. Without an answer (network,
 * rate limit) the meter is hidden: the server still judges at submit.
 */
export function PasswordStrength({ password, userInputs = [] }: { password: string | undefined; userInputs?: string[] }) {
  const { t } = useTranslation('password');
  const [verdict, setVerdict] = useState<{ password: string; score: number } | null>(null);
  const inputsKey = userInputs.filter(Boolean).join('\n');
  useEffect(() => {
    if (!password) return;
    let alive = true;
    const timer = setTimeout(() => {
      const body: PasswordStrengthQuery = { password, userInputs: inputsKey ? inputsKey.split('\n').slice(0, 4) : [] };
      api.post<PasswordStrengthAnswer>('/auth/password-strength', body).then(
        (answer) => alive && setVerdict({ password, score: answer.score }),
        () => alive && setVerdict(null),
      );
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);
  if (!password || !verdict) return null;
  const level = Math.min(4, Math.max(0, verdict.score)) as 0 | 1 | 2 | 3 | 4;
  const pending = verdict.password !== password;
  return (
    <div className="mt-2" data-testid="password-strength" data-score={level} aria-busy={pending} style={pending ? { opacity: 0.5 } : undefined}>
      <ProgressBar now={((level + 1) / 5) * 100} variant={VARIANTS[level]} style={{ height: 6 }} aria-hidden="true" />
      <small className={level >= 3 ? 'text-success' : 'text-danger'} aria-live="polite">
        {t(`level${level}`)}
      </small>
    </div>
  );
}
