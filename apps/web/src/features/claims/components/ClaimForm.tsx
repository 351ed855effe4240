import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CLAIM_REASONS, MAX_CLAIM_PHOTOS, type ClaimReason, type Order } from '@primeur/shared';
import { DecimalField } from '../../../components/DecimalField';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import { useEuro, useKg } from '../../../lib/format';
import { useFileClaim } from '../api/claims';

type Field = 'reasons' | 'quantity' | 'description' | 'creditAsked' | 'photos';

/**
 * The buyer's claim, phone first: reasons as big checkboxes, the affected pallets or kg, what was
 * found, the credit asked, and photos straight from the camera (`capture="environment"`), 1–10.
 */
export function ClaimForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation('claims');
  const euro = useEuro();
  const kg = useKg();
  const toast = useToast();
  const errorText = useErrorMessage();
  const file = useFileClaim(order.id);
  const [reasons, setReasons] = useState<ClaimReason[]>([]);
  const [pallets, setPallets] = useState<number | null>(null);
  const [netKg, setNetKg] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [credit, setCredit] = useState<number | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const previews = useMemo(() => photos.map((f) => URL.createObjectURL(f)), [photos]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const received = order.receipt;
  const max = order.amount;
  const problems: Partial<Record<Field, string>> = {};
  if (reasons.length === 0) problems.reasons = t('form.needReason');
  if (pallets === null && netKg === null) problems.quantity = t('form.needQuantity');
  if (received && pallets !== null && pallets > received.pallets) problems.quantity = t('form.tooManyPallets', { n: received.pallets });
  if (received && netKg !== null && netKg > received.netKg) problems.quantity = t('form.tooManyKg', { kg: kg(received.netKg) });
  if (description.trim().length < 10) problems.description = t('form.needDescription');
  if (credit === null || credit <= 0) problems.creditAsked = t('form.needCredit');
  else if (max !== null && credit > max) problems.creditAsked = t('form.creditAboveAmount', { amount: euro(max) });
  if (photos.length === 0) problems.photos = t('form.needPhoto');
  if (photos.length > MAX_CLAIM_PHOTOS) problems.photos = t('form.tooManyPhotos', { max: MAX_CLAIM_PHOTOS });
  const show = (f: Field) => (tried ? problems[f] : undefined);

  const toggle = (r: ClaimReason) => setReasons((cur) => (cur.includes(r) ? cur.filter((x) => x !== r) : [...cur, r]));
  const addPhotos = (list: FileList | null) => {
    if (!list) return;
    // Copied now: the input is emptied right after (so the same photo can be added again), which empties its FileList.
    const added = Array.from(list);
    setPhotos((cur) => [...cur, ...added]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    setServerError(null);
    file.mutate(
      {
        input: {
          reasons,
          ...(pallets !== null ? { pallets } : {}),
          ...(netKg !== null ? { netKg } : {}),
          description: description.trim(),
          creditAsked: credit!,
        },
        files: photos,
      },
      {
        onSuccess: () => {
          toast.show('success', { message: t('form.filed') });
          onDone();
        },
        onError: (err) => setServerError(errorText(err)),
      },
    );
  };

  return (
    <Form noValidate onSubmit={submit} data-testid="claim-form">
      {serverError ? (
        <Alert variant="danger" data-testid="claim-error">
          {serverError}
        </Alert>
      ) : null}
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{t('form.reasons')}</legend>
        <Row xs={1} sm={2} className="g-1">
          {CLAIM_REASONS.map((r) => (
            <Col key={r}>
              <Form.Check
                type="checkbox"
                id={`claim-reason-${r}`}
                label={t(`reasons.${r}`)}
                checked={reasons.includes(r)}
                onChange={() => toggle(r)}
                isInvalid={!!show('reasons')}
                className="py-1"
                data-testid={`claim-reason-${r}`}
              />
            </Col>
          ))}
        </Row>
        {show('reasons') ? <div className="invalid-feedback d-block">{problems.reasons}</div> : null}
      </fieldset>
      <Row className="g-3 mb-3">
        <Col xs={6}>
          <Form.Label htmlFor="claim-pallets">{t('form.pallets')}</Form.Label>
          <DecimalField id="claim-pallets" value={pallets} maxDecimals={0} min={1} onChange={(v) => setPallets(v)} data-testid="claim-pallets" />
        </Col>
        <Col xs={6}>
          <Form.Label htmlFor="claim-kg">{t('form.netKg')}</Form.Label>
          <DecimalField id="claim-kg" value={netKg} maxDecimals={2} min={0.01} onChange={(v) => setNetKg(v)} data-testid="claim-kg" />
        </Col>
        {show('quantity') ? (
          <Col xs={12} className="mt-1">
            <div className="invalid-feedback d-block">{problems.quantity}</div>
          </Col>
        ) : received ? (
          <Col xs={12} className="mt-1 small text-body-secondary">
            {t('form.received', { pallets: received.pallets, kg: kg(received.netKg) })}
          </Col>
        ) : null}
      </Row>
      <Form.Group className="mb-3" controlId="claim-description">
        <Form.Label>{t('form.description')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          isInvalid={!!show('description')}
          placeholder={t('form.descriptionPlaceholder')}
          data-testid="claim-description"
        />
        <Form.Control.Feedback type="invalid">{problems.description}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3">
        <Form.Label htmlFor="claim-credit">{t('form.creditAsked')}</Form.Label>
        <DecimalField
          id="claim-credit"
          value={credit}
          maxDecimals={2}
          min={0}
          onChange={(v) => setCredit(v)}
          isInvalid={!!show('creditAsked')}
          data-testid="claim-credit"
        />
        {show('creditAsked') ? (
          <div className="invalid-feedback d-block">{problems.creditAsked}</div>
        ) : max !== null ? (
          <div className="form-text">{t('form.creditMax', { amount: euro(max) })}</div>
        ) : null}
      </Form.Group>
      <Form.Group className="mb-3">
        <Form.Label htmlFor="claim-photos">{t('form.photos', { max: MAX_CLAIM_PHOTOS })}</Form.Label>
        <Form.Control
          id="claim-photos"
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          onChange={(e) => {
            addPhotos((e.target as HTMLInputElement).files);
            (e.target as HTMLInputElement).value = '';
          }}
          isInvalid={!!show('photos')}
          data-testid="claim-photos"
        />
        {show('photos') ? <div className="invalid-feedback d-block">{problems.photos}</div> : null}
        {photos.length ? (
          <div className="d-flex flex-wrap gap-2 mt-2" data-testid="claim-photo-previews">
            {photos.map((f, i) => (
              <div key={`${f.name}-${i}`} className="position-relative">
                <img src={previews[i]} alt={f.name} width={88} height={88} className="rounded border" style={{ objectFit: 'cover' }} />
                <Button
                  size="sm"
                  variant="light"
                  className="position-absolute top-0 end-0 border"
                  aria-label={t('form.removePhoto', { name: f.name })}
                  onClick={() => setPhotos((cur) => cur.filter((_, j) => j !== i))}
                >
                  ×
                </Button>
              </div>
            ))}
          </div>
        ) : null}
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" disabled={file.isPending} data-testid="claim-submit" className="flex-grow-1 flex-sm-grow-0">
          {t('form.submit')}
        </Button>
        <Button variant="outline-secondary" onClick={onDone} disabled={file.isPending}>
          {t('form.cancel')}
        </Button>
      </div>
    </Form>
  );
}
