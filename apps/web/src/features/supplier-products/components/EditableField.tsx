import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Form } from 'react-bootstrap';

interface Props {
  value: string;
  label: string;
  type?: 'number' | 'text';
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
export function EditableField({ value, label, type = 'text', min, step, maxLength, testId, save }: Props) {
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
      type={type}
      inputMode={type === 'number' ? 'decimal' : undefined}
      min={min}
      step={step}
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
