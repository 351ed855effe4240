import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { startRecallInput } from '@primeur/shared';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/routes';
import { useStartRecall } from '../api/recalls';

/**
 * Under a traced lot (issue 37 §5): start a recall, or a drill that changes nothing but measures how
 * fast the buyers answer. The reason goes to every buyer; a real recall also takes the lot off sale.
 */
export function StartRecallForm({ lotNumber }: { lotNumber: string }) {
  const { t } = useTranslation('trace');
  const navigate = useNavigate();
  const start = useStartRecall();
  const [reason, setReason] = useState('');
  const [exercise, setExercise] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = startRecallInput.safeParse({ lot: lotNumber, reason, exercise });
    if (!parsed.success) return setError(t('recall.reasonRequired'));
    if (!exercise && !window.confirm(t('recall.confirm', { lot: lotNumber }))) return;
    setError(null);
    start.mutate(parsed.data, {
      onSuccess: (r) => void navigate(paths.adminRecall(r.id)),
      onError: (err) => setError(err instanceof ApiError ? err.message : t('recall.failed')),
    });
  };

  return (
    <Card className="mb-3 border-danger-subtle" data-testid="start-recall">
      <Card.Body>
        <Card.Title as="h3" className="h6">
          {t('recall.title', { lot: lotNumber })}
        </Card.Title>
        <p className="small text-body-secondary">{t('recall.help')}</p>
        <Form noValidate onSubmit={submit}>
          <Form.Group className="mb-2" controlId="recall-reason">
            <Form.Label className="small mb-1">{t('recall.reason')}</Form.Label>
            <Form.Control as="textarea" rows={2} maxLength={1000} value={reason} isInvalid={error !== null} onChange={(e) => setReason(e.target.value)} />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
          <Form.Check type="radio" id="recall-exercise" name="recall-kind" label={t('recall.exercise')} checked={exercise} onChange={() => setExercise(true)} />
          <Form.Check type="radio" id="recall-real" name="recall-kind" label={t('recall.real')} checked={!exercise} onChange={() => setExercise(false)} />
          <Button type="submit" variant={exercise ? 'outline-danger' : 'danger'} className="mt-2" disabled={start.isPending}>
            {exercise ? t('recall.startExercise') : t('recall.startReal')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
