import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Form } from 'react-bootstrap';
import { DecimalField } from '../../../components/DecimalField';

interface Props {
  value: string;
  label: string;
  /** `decimal`: typed the reader's way through the shared decimal field; `text` (default): free text. */
  kind?: 'decimal' | 'text';
  min?: number;
  step?: number | 'any';
  maxLength?: number;
  testId?: string;
  /** Resolves when the server kept the value; rejects to put the old value back. */
  save(value: string): Promise<unknown>;
}

/**
 * A variant field saved on blur or on Enter (spec §4). Nothing is sent when the text is empty or
 * unchanged (spec §7: only when a value is given). After a refusal the field shows the value the
 * server still has.
 */
export function EditableField(props: Props) {
  return props.kind === 'decimal' ? <NumberField {...props} /> : <TextField {...props} />;
}

/**
 * A numeric variant field: typed the reader's way (decimal field), saved as a plain number with a
 * point (decision 125). Decimals follow the spec's steps: 0.001 → 3, 1 → 0, "any" → 3 (volume).
 */
function NumberField({ value, label, min, step, testId, save }: Props) {
  const [busy, setBusy] = useState(false);
  const [revision, setRevision] = useState(0);
  const maxDecimals = step === 1 ? 0 : 3;
  const numeric = value.trim() === '' ? null : Number(value);
  return (
    <DecimalField
      size="sm"
      aria-label={label}
      data-testid={testId}
      value={numeric}
      revision={revision}
      min={min}
      maxDecimals={maxDecimals}
      readOnly={busy}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setRevision((r) => r + 1);
      }}
      onCommit={(next) => {
        // Nothing is sent for an emptied field (spec §7): the stored value comes back.
        if (next === null) return setRevision((r) => r + 1);
        if (busy) return;
        setBusy(true);
        save(String(next))
          .catch(() => setRevision((r) => r + 1))
          .finally(() => setBusy(false));
      }}
    />
  );
}

function TextField({ value, label, maxLength, testId, save }: Props) {
  const [text, setText] = useState(value);
  const [busy, setBusy] = useState(false);
  const committed = useRef(value);
  useEffect(() => {
    committed.current = value;
    setText(value);
  }, [value]);

  const commit = async () => {
    const next = text.trim();
    if (busy || next === '' || next === committed.current) {
      if (next === '') setText(committed.current);
      return;
    }
    setBusy(true);
    try {
      await save(next);
      committed.current = next;
    } catch {
      setText(committed.current);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void commit();
    } else if (e.key === 'Escape') setText(committed.current);
  };

  return (
    <Form.Control
      size="sm"
      type="text"
      maxLength={maxLength}
      aria-label={label}
      data-testid={testId}
      value={text}
      readOnly={busy}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => void commit()}
      onKeyDown={onKeyDown}
    />
  );
}
