import { useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';

/** The words of a secret shown once, in the reader's language (each screen gives its own). */
export interface OneTimeSecretTexts {
  title: string;
  warning: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * A secret shown this once (an API token, a webhook's signing secret): a read-only field to select, a
 * copy button, the warning that it will not be shown again, and a button that puts it away.
 */
export function OneTimeSecret({
  secret,
  texts,
  testId,
  note,
  onDone,
}: {
  secret: string;
  texts: OneTimeSecretTexts;
  testId: string;
  note?: ReactNode;
  onDone(): void;
}) {
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'copied' | 'copyFailed' | null>(null);
  const id = useId();
  const doCopy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the secret is selected for a manual copy.
      field.current?.select();
      setCopy('copyFailed');
    }
  };
  return (
    <Alert variant="warning" data-testid={testId} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h6 text-break">
        {texts.title}
      </h3>
      <p className="mb-2 fw-semibold">{texts.warning}</p>
      {note ? <p className="mb-2 small">{note}</p> : null}
      <Form.Label htmlFor={`${id}-secret`} className="visually-hidden">
        {texts.label}
      </Form.Label>
      <InputGroup className="mb-2">
        <Form.Control
          id={`${id}-secret`}
          ref={field}
          readOnly
          value={secret}
          className="font-monospace"
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline-dark" onClick={() => void doCopy()}>
          {texts.copy}
        </Button>
      </InputGroup>
      <div role="status" aria-live="polite" className="small mb-2">
        {copy ? texts[copy] : null}
      </div>
      <Button variant="dark" size="sm" onClick={onDone}>
        {texts.done}
      </Button>
    </Alert>
  );
}
