import { useState, type ReactNode } from 'react';
import { Alert, Col, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, withinRange, type KgRange, type OrderStatus } from '@primeur/shared';
import { DecimalField, type DecimalProblem } from '../../../components/DecimalField';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { errorCode, useErrorMessage } from '../../../lib/error-message';

export type Errors = Record<string, string>;

/** The first refusal of each field, from the shared schema (the server applies the same one). */
export function issuesOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Errors {
  const out: Errors = {};
  if (!result.success) for (const i of result.error?.issues ?? []) out[i.path.map(String).join('.') || 'form'] ??= i.message;
  return out;
}

/** The text of a field refusal ('wholePallets', 'mustBePositive' …) in the reader's language. */
export function useFieldText() {
  const { t } = useTranslation('orders');
  return (code: string | undefined, values?: Record<string, unknown>) => (code ? t(`form.${code}`, { ...values, defaultValue: t('form.invalid') }) : undefined);
}

/**
 * A refusal from the server as a sentence: the order screen's own wording first (ILLEGAL_TRANSITION
 * names the status the order is in now, in the reader's language), then errors.json.
 */
export function useActionError() {
  const { t } = useTranslation('orders');
  const message = useErrorMessage();
  return (err: unknown) => {
    // ILLEGAL_TRANSITION names the order's current status in its first detail (docs/api/orders.md).
    const detail = err instanceof ApiError ? err.body?.details?.find((d) => d.path === 'status')?.message : undefined;
    const current = (ORDER_STATUSES as readonly string[]).includes(detail ?? '') ? (detail as OrderStatus) : undefined;
    // Without the status the wording of errors.json ("not possible in the order's current status") is the one that reads.
    if (!current) return message(err, { own: errorCode(err) === 'ILLEGAL_TRANSITION' ? [] : ['orders:errors'] });
    return message(err, { own: ['orders:errors'], values: { status: t(`status.${current}`).toLowerCase() } });
  };
}

export function Field({
  id,
  label,
  error,
  children,
  md = 6,
  xs = 12,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  md?: number;
  xs?: number;
}) {
  return (
    <Form.Group as={Col} xs={xs} md={md}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      {children}
      {error ? (
        <Form.Control.Feedback type="invalid" className="d-block">
          {error}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}

export interface Weights {
  pallets: number | null;
  netKg: number | null;
  problems: { pallets?: DecimalProblem | null; netKg?: DecimalProblem | null };
}

/** Pallets and net kg, typed the reader's way (a decimal comma works). */
export function WeightFields({
  idPrefix,
  value,
  onChange,
  errors,
  tried,
  netKgHint,
}: {
  idPrefix: string;
  value: Weights;
  onChange(v: Weights): void;
  errors: Errors;
  tried: boolean;
  /** The allowed range under the weight (decision 980), in the reader's words. */
  netKgHint?: string | null;
}) {
  const { t } = useTranslation('orders');
  const text = useFieldText();
  return (
    <>
      <Field
        id={`${idPrefix}-pallets`}
        label={t('form.pallets')}
        error={value.problems.pallets ? undefined : text(errors.pallets, { count: errors.palletsMax })}
        xs={6}
        md={3}
      >
        <DecimalField
          id={`${idPrefix}-pallets`}
          value={value.pallets}
          maxDecimals={0}
          showProblem={tried}
          isInvalid={!!errors.pallets}
          onChange={(v, problem) => onChange({ ...value, pallets: v, problems: { ...value.problems, pallets: problem } })}
        />
      </Field>
      <Field
        id={`${idPrefix}-netkg`}
        label={t('form.netKg')}
        error={value.problems.netKg ? undefined : text(errors.netKg, { min: errors.netKgMin, max: errors.netKgMax })}
        xs={6}
        md={3}
      >
        <DecimalField
          id={`${idPrefix}-netkg`}
          value={value.netKg}
          maxDecimals={2}
          showProblem={tried}
          isInvalid={!!errors.netKg}
          onChange={(v, problem) => onChange({ ...value, netKg: v, problems: { ...value.problems, netKg: problem } })}
        />
        {netKgHint ? (
          <Form.Text className="d-block" data-testid={`${idPrefix}-netkg-range`}>
            {netKgHint}
          </Form.Text>
        ) : null}
      </Field>
    </>
  );
}

/**
 * The weight's own rule beside the schema's (decision 980): the range it must fall in, from the
 * shared weight rule the server applies too; `code` names the refusal ('outOfTolerance',
 * 'moreThanShipped'). Null: no range (a lot that declared no weight).
 */
export interface KgBounds {
  range: KgRange | null;
  code: string;
}

export function weightErrors(w: Weights, errors: Errors, maxPallets: number, bounds?: KgBounds, kg: (v: number) => string = String): Errors {
  const next = { ...errors };
  if (w.problems.pallets) next.pallets = 'decimal';
  else if (w.pallets !== null && w.pallets > maxPallets) {
    next.pallets = 'tooManyPallets';
    next.palletsMax = String(maxPallets);
  }
  if (w.problems.netKg) next.netKg = 'decimal';
  else if (!next.netKg && bounds?.range && w.netKg !== null && !withinRange(w.netKg, bounds.range)) {
    next.netKg = bounds.code;
    next.netKgMin = kg(bounds.range.minKg);
    next.netKgMax = kg(bounds.range.maxKg);
  }
  return next;
}

/** A refusal from the server above an order form. */
export function ActionError({ message }: { message: string | null }) {
  return message ? (
    <Alert variant="danger" data-testid="action-error">
      {message}
    </Alert>
  ) : null;
}

interface WeightsSchema<I> {
  safeParse(input: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
  parse(input: unknown): I;
}

/**
 * The submit of the forms with weights (ship, receive): the input checked by its schema and the
 * weights against the pallets, the errors shown once tried, then sent, with a toast on success and
 * the server's refusal above the form.
 */
export function useWeightsSubmit<I>(
  schema: WeightsSchema<I>,
  mutation: { mutate(input: I, callbacks: { onSuccess(): void; onError(err: Error): void }): void },
  doneMessage: string,
) {
  const toast = useToast();
  const actionError = useActionError();
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const send = (weights: Weights, input: Record<string, unknown>, maxPallets: number, bounds?: KgBounds, kg?: (v: number) => string) => {
    setTried(true);
    const next = weightErrors(weights, issuesOf(schema.safeParse(input)), maxPallets, bounds, kg);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setServerError(null);
    mutation.mutate(schema.parse(input), {
      onSuccess: () => toast.show('success', { message: doneMessage }),
      onError: (err) => setServerError(actionError(err)),
    });
  };
  return { errors, tried, serverError, send };
}
