import { useContext, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Form } from 'react-bootstrap';
import FormContext from 'react-bootstrap/FormContext';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDecimal, parseDecimal, type ParseDecimalFailure } from '@primeur/shared';

/** Why a typed amount is refused: the parser's reasons plus the field's own bounds. */
export type DecimalProblem = ParseDecimalFailure | 'belowMin' | 'aboveMax';

export interface DecimalRules {
  /** Decimals the field keeps: 2 for prices (default), 3 for volumes and weights, 0 for counts. */
  maxDecimals?: number;
  min?: number;
  max?: number;
  /** Empty is refused ('empty') instead of meaning "no value". */
  required?: boolean;
}

export type DecimalCheck = { value: number | null; problem: DecimalProblem | null };

/** Reads a typed amount in the reader's language against a field's rules. Empty = null (or 'empty' when required). */
export function checkDecimal(text: string, lng: string, rules: DecimalRules = {}): DecimalCheck {
  const parsed = parseDecimal(text, lng, { maxDecimals: rules.maxDecimals ?? 2 });
  if (!parsed.ok) {
    if (parsed.reason === 'empty' && !rules.required) return { value: null, problem: null };
    return { value: null, problem: parsed.reason };
  }
  if (rules.min !== undefined && parsed.value < rules.min) return { value: null, problem: 'belowMin' };
  if (rules.max !== undefined && parsed.value > rules.max) return { value: null, problem: 'aboveMax' };
  return { value: parsed.value, problem: null };
}

/** The translated sentence for a refusal, with the reader's own example and bounds. */
export function decimalProblemText(t: TFunction, problem: DecimalProblem, lng: string, rules: DecimalRules = {}): string {
  const maxDecimals = rules.maxDecimals ?? 2;
  const fmt = (n: number | undefined) => formatDecimal(n ?? 0, lng, { maxDecimals: Math.max(maxDecimals, 0) });
  switch (problem) {
    case 'invalid':
    case 'ambiguous':
      return t(`decimal:${problem}`, { example: formatDecimal(maxDecimals > 0 ? 3.1 : 12, lng, { decimals: Math.min(maxDecimals, 2) }) });
    case 'tooManyDecimals':
      return maxDecimals === 0 ? t('decimal:wholeOnly') : t('decimal:tooManyDecimals', { count: maxDecimals });
    case 'belowMin':
      return t('decimal:belowMin', { min: fmt(rules.min) });
    case 'aboveMax':
      return t('decimal:aboveMax', { max: fmt(rules.max) });
    default:
      return t(`decimal:${problem}`);
  }
}

export interface DecimalFieldProps extends DecimalRules {
  /** The amount shown (server value or parent state); a change from outside replaces the text. */
  value: number | null | undefined;
  /** Every keystroke: the amount when the text reads as one (null when empty or refused) and why it is refused. */
  onChange?: (value: number | null, problem: DecimalProblem | null) => void;
  /** Blur or Enter with an acceptable text that changed the amount. */
  onCommit?: (value: number | null) => void;
  /** Decimals always shown when the field is (re)filled, e.g. 2 for "3,10". Default 0. */
  minDecimals?: number;
  /** Bumped by the parent to put `value` back in the text (e.g. after the server refused a save). */
  revision?: number;
  /** Shows the refusal now (e.g. after a submit) instead of after the first blur. */
  showProblem?: boolean;
  /** Renders the refusal under the field (default). Set false to render it elsewhere. */
  feedback?: boolean;
  /** Another reason the parent considers the field invalid (shown red, message rendered by the parent). */
  isInvalid?: boolean;
  id?: string;
  name?: string;
  size?: 'sm' | 'lg';
  className?: string;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'data-testid'?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/**
 * The one amount input of the app (decision 420): a text field with the decimal keyboard that reads
 * the reader's decimal separator and the point, shows amounts the reader's way, and refuses anything
 * it would have to guess with a translated reason — never an HTML number input, which drops a typed comma
 * in many browsers (3,10 became 310).
 */
export function DecimalField({
  value,
  onChange,
  onCommit,
  maxDecimals = 2,
  minDecimals = 0,
  min,
  max,
  required,
  revision = 0,
  showProblem = false,
  feedback = true,
  isInvalid,
  onKeyDown,
  onBlur,
  ...input
}: DecimalFieldProps) {
  const { t, i18n } = useTranslation();
  // Inside a Form.Group whose controlId is this field's id, the group gives the id (and its label's
  // htmlFor): passing it again only makes React Bootstrap warn. A different id is still passed.
  const { controlId } = useContext(FormContext);
  const lng = i18n.resolvedLanguage ?? 'en';
  const rules: DecimalRules = { maxDecimals, min, max, required };
  const show = (n: number | null | undefined) =>
    n === null || n === undefined || !Number.isFinite(n)
      ? ''
      : formatDecimal(n, lng, { minDecimals: Math.min(minDecimals, maxDecimals), maxDecimals, grouping: false });

  const [text, setText] = useState(() => show(value));
  const [touched, setTouched] = useState(false);
  // The amount this field last reported (or was given): only a different value from outside replaces the text.
  const known = useRef<number | null | undefined>(value);
  // The amount last committed (or given): blur after Enter, or a blur without edit, commits nothing.
  const committed = useRef<number | null>(value ?? null);
  const lastRevision = useRef(revision);
  useEffect(() => {
    const external = value ?? null;
    if (external !== (known.current ?? null) || revision !== lastRevision.current) {
      known.current = external;
      committed.current = external;
      lastRevision.current = revision;
      setText(show(external));
      setTouched(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, revision]);

  const check = checkDecimal(text, lng, rules);
  const problem = check.problem;
  const problemId = input.id ? `${input.id}-problem` : undefined;
  const visible = problem !== null && (touched || showProblem);

  const commit = () => {
    if (check.problem) return;
    // Reformat what was typed the reader's way ("3.1" → "3,10" in French) once it is accepted.
    setText(show(check.value));
    if (check.value === committed.current) return;
    committed.current = check.value;
    onCommit?.(check.value);
  };

  return (
    <>
      <Form.Control
        {...input}
        id={input.id === controlId ? undefined : input.id}
        type="text"
        inputMode={maxDecimals > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={text}
        required={required}
        isInvalid={visible || isInvalid}
        aria-invalid={visible || isInvalid ? true : undefined}
        aria-describedby={[input['aria-describedby'], visible && feedback ? problemId : undefined].filter(Boolean).join(' ') || undefined}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const c = checkDecimal(next, lng, rules);
          known.current = c.value;
          onChange?.(c.value, c.problem);
        }}
        onBlur={(e) => {
          setTouched(true);
          commit();
          onBlur?.(e);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            setTouched(true);
            if (onCommit) {
              e.preventDefault();
              commit();
            }
          }
          onKeyDown?.(e);
        }}
      />
      {feedback && visible && problem ? (
        <Form.Control.Feedback type="invalid" id={problemId} data-testid={input['data-testid'] ? `${input['data-testid']}-problem` : undefined}>
          {decimalProblemText(t, problem, lng, rules)}
        </Form.Control.Feedback>
      ) : null}
    </>
  );
}
