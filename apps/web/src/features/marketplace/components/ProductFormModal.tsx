import { useState, type FormEvent } from 'react';
import { Alert, Button, CloseButton, Col, Form, Modal, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  CALIBER_MAX_LENGTH,
  dayInParis,
  MAX_PHOTOS_PER_PRODUCT,
  FAMILIES,
  MAX_BID_CENTS,
  PHOTO_MIME_TYPES,
  productInput,
  type Country,
  type ProductInput,
  type SupplierProduct,
} from '@primeur/shared';
import { CountrySelect } from '../../../components/CountrySelect';
import { DateField, DateTimeField } from '../../../components/DateField';
import { usePackagingName } from '../../../lib/lookups';
import { ArticleMarketReference } from '../../../components/MarketReference';
import { DecimalField, type DecimalProblem } from '../../../components/DecimalField';
import { photoNames, photoUrl } from '../../../components/PhotoCarousel';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { useErrorMessage } from '../../../lib/error-message';
import { useFormOptions } from '../api/form-options';
import { useAddPhotos, useCreateProduct, useRemovePhoto, useUpdateProduct } from '../api/my-products';

const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');
const QUARTER_HOUR = 15 * 60_000;
/** A new auction starts at the first quarter hour at least 5 minutes ahead (one of the picker's times). */
const defaultAuctionStart = (now = Date.now()) => new Date(Math.ceil((now + 5 * 60_000) / QUARTER_HOUR) * QUARTER_HOUR).toISOString();
/** The server refuses a start more than a year ahead (AUCTION_START_TOO_FAR). */
const latestAuctionStart = (now = Date.now()) => new Date(now + 365 * 86_400_000).toISOString();

/**
 * What is wrong with a reserve against the starting price, as the server decides it: below the
 * price (in cents), or above the highest possible bid. Null when the pair is accepted.
 */
function reserveProblemOf(price: number, reserve: number): 'reserveBelowPrice' | 'tooLarge' | null {
  const reserveCents = Math.round(reserve * 100);
  if (Number.isFinite(price) && reserveCents < Math.round(price * 100)) return 'reserveBelowPrice';
  if (reserveCents > MAX_BID_CENTS) return 'tooLarge';
  return null;
}

/** The server's own refusal of the reserve (details on `reservePrice`), shown under the field. */
function serverReserveProblem(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const detail = err.body?.details?.find((d) => d.path === 'reservePrice');
  if (!detail) return null;
  return detail.message === 'belowStartingPrice' ? 'reserveBelowPrice' : detail.message === 'tooLarge' ? 'tooLarge' : 'invalid';
}

interface Draft {
  articleId: string;
  name: string;
  description: string;
  caliber: string;
  origin: Country | null;
  packagingId: string;
  price: string;
  quantity: string;
  availableUntil: string;
  auction: boolean;
  /** An instant (ISO 8601), picked on the market's clock; '' when cleared. */
  auctionStart: string;
  /** Hidden reserve of an auction lot; '' for none. */
  reserve: string;
  /** The lot's weights (issue 21): net kg per pallet is required, the boxes are optional; null when empty. */
  weights: LotWeights;
}

interface LotWeights {
  netKgPerPallet: number | null;
  boxesPerPallet: number | null;
  netKgPerBox: number | null;
}
type WeightKey = keyof LotWeights;
const WEIGHT_FIELDS: ReadonlyArray<{ key: WeightKey; decimals: number }> = [
  { key: 'netKgPerPallet', decimals: 2 },
  { key: 'boxesPerPallet', decimals: 0 },
  { key: 'netKgPerBox', decimals: 3 },
];

function draftFrom(p?: SupplierProduct): Draft {
  return {
    articleId: p ? String(p.articleId) : '',
    name: p?.name ?? '',
    description: p?.description ?? '',
    caliber: p?.caliber ?? '',
    origin: p ? { id: p.origin.id, name: p.origin.name, alpha2: p.origin.alpha2 } : null,
    packagingId: p ? String(p.packaging.id) : '',
    price: p ? String(p.price) : '',
    quantity: p ? String(p.quantity) : '',
    availableUntil: p?.availableUntil ?? dayInParis(14),
    auction: !!p?.auctionStartDate,
    auctionStart: p?.auctionStartDate ?? defaultAuctionStart(),
    reserve: p?.reservePrice != null ? String(p.reservePrice) : '',
    weights: { netKgPerPallet: p?.netKgPerPallet ?? null, boxesPerPallet: p?.boxesPerPallet ?? null, netKgPerBox: p?.netKgPerBox ?? null },
  };
}

/** Creates a lot (with its photos) or edits one; the same rules as the server (productInput). */
export function ProductFormModal({ product, onClose }: { product?: SupplierProduct; onClose(): void }) {
  const { t, i18n } = useTranslation('marketplace');
  const toast = useToast();
  const { data: options } = useFormOptions();
  const packagingName = usePackagingName();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const addPhotos = useAddPhotos();
  const removePhoto = useRemovePhoto();
  const [draft, setDraft] = useState<Draft>(() => draftFrom(product));
  const [files, setFiles] = useState<File[]>([]);
  const [photos, setPhotos] = useState(product?.photos ?? '[]');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // Amounts the decimal fields refuse: their own message is shown instead of the schema's.
  const [problems, setProblems] = useState<{ price?: DecimalProblem | null; quantity?: DecimalProblem | null; reservePrice?: DecimalProblem | null }>({});
  const [tried, setTried] = useState(false);
  const [weightProblems, setWeightProblems] = useState<Partial<Record<WeightKey, DecimalProblem | null>>>({});
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const fieldError = (k: string) => (errors[k] ? t(`validation.${errors[k]}`, { defaultValue: t('validation.invalid') }) : undefined);
  const apiMessage = useErrorMessage();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const input: ProductInput = {
      articleId: Number(draft.articleId),
      name: draft.name,
      description: draft.description,
      caliber: draft.caliber,
      originId: draft.origin?.id ?? 0,
      packagingId: Number(draft.packagingId),
      price: draft.price === '' ? Number.NaN : Number(draft.price),
      quantity: draft.quantity === '' ? Number.NaN : Number(draft.quantity),
      availableUntil: draft.availableUntil,
      auctionStartDate: draft.auction && draft.auctionStart ? new Date(draft.auctionStart).toISOString() : null,
      reservePrice: draft.auction && draft.reserve !== '' ? Number(draft.reserve) : null,
      netKgPerPallet: draft.weights.netKgPerPallet ?? Number.NaN,
      boxesPerPallet: draft.weights.boxesPerPallet,
      netKgPerBox: draft.weights.netKgPerBox,
    };
    const parsed = productInput.safeParse(input);
    const next: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
    if (draft.auction && !draft.auctionStart) next.auctionStartDate = 'required';
    if (problems.price) next.price = 'decimal';
    if (problems.quantity) next.quantity = 'decimal';
    if (draft.auction && problems.reservePrice) next.reservePrice = 'decimal';
    else if (input.reservePrice != null) {
      // In cents, as the server compares (decision 403): a reserve equal to or above the starting price is accepted.
      const reserveProblem = reserveProblemOf(input.price, input.reservePrice);
      if (reserveProblem) next.reservePrice = reserveProblem;
    }
    if (!product && files.length === 0) next.photos = 'photosRequired';
    if (!product && files.length > MAX_PHOTOS_PER_PRODUCT) next.photos = 'tooManyPhotos';
    for (const { key } of WEIGHT_FIELDS) if (weightProblems[key]) next[key] = 'decimal';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setServerError(null);
    try {
      if (product) await update.mutateAsync({ productId: product.productId, input });
      else await create.mutateAsync({ input, files });
      toast.show('success', { message: t('mine.saved') });
      onClose();
    } catch (err) {
      const fieldProblem = serverReserveProblem(err);
      if (fieldProblem) setErrors({ reservePrice: fieldProblem });
      setServerError(apiMessage(err));
    }
  };

  const pending = create.isPending || update.isPending;
  const currentPhotos = photoNames(photos);
  return (
    <Modal show onHide={onClose} size="lg" backdrop="static">
      <Form noValidate onSubmit={submit} data-testid="product-form">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {product ? t('mine.editTitle') : t('mine.new')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
          <Row className="g-3">
            <Form.Group as={Col} md={6} controlId="lot-article">
              <Form.Label>{t('fields.article')}</Form.Label>
              <Form.Select value={draft.articleId} isInvalid={!!errors.articleId} onChange={(e) => set('articleId', e.target.value)}>
                <option value="">{t('select')}</option>
                {FAMILIES.map((f) => (
                  <optgroup key={f} label={t(`families.${f}`)}>
                    {options?.articles
                      .filter((a) => a.family === f)
                      .map((a) => ({ id: a.id, label: a.names[lng] ?? a.article }))
                      .sort((a, b) => a.label.localeCompare(b.label, lng))
                      .map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.label}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{fieldError('articleId')}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} md={6} controlId="lot-name">
              <Form.Label>{t('fields.name')}</Form.Label>
              <Form.Control value={draft.name} maxLength={120} isInvalid={!!errors.name} onChange={(e) => set('name', e.target.value)} />
              <Form.Control.Feedback type="invalid">{fieldError('name')}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={12} controlId="lot-description">
              <Form.Label>{t('fields.description')}</Form.Label>
              <Form.Control as="textarea" rows={2} maxLength={2000} value={draft.description} onChange={(e) => set('description', e.target.value)} />
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="lot-caliber">
              <Form.Label>{t('fields.caliber')}</Form.Label>
              <Form.Control value={draft.caliber} maxLength={CALIBER_MAX_LENGTH} onChange={(e) => set('caliber', e.target.value)} />
            </Form.Group>
            <Form.Group as={Col} md={4}>
              <Form.Label htmlFor="lot-origin">{t('fields.origin')}</Form.Label>
              <CountrySelect inputId="lot-origin" value={draft.origin} invalid={!!errors.originId} onChange={(c) => set('origin', c)} />
              {errors.originId ? <div className="invalid-feedback d-block">{fieldError('originId')}</div> : null}
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="lot-packaging">
              <Form.Label>{t('fields.packaging')}</Form.Label>
              <Form.Select value={draft.packagingId} isInvalid={!!errors.packagingId} onChange={(e) => set('packagingId', e.target.value)}>
                <option value="">{t('select')}</option>
                {options?.packagings.map((p) => (
                  <option key={p.id} value={p.id}>
                    {packagingName(p)}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{fieldError('packagingId')}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="lot-price">
              <Form.Label>{draft.auction ? t('fields.startingPrice') : t('fields.price')}</Form.Label>
              <DecimalField
                id="lot-price"
                value={draft.price === '' ? null : Number(draft.price)}
                minDecimals={2}
                maxDecimals={2}
                showProblem={tried}
                isInvalid={!!errors.price}
                onChange={(v, problem) => {
                  set('price', v === null ? '' : String(v));
                  setProblems((p) => ({ ...p, price: problem }));
                }}
              />
              {problems.price ? null : <Form.Control.Feedback type="invalid">{fieldError('price')}</Form.Control.Feedback>}
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="lot-quantity">
              <Form.Label>{t('fields.quantity')}</Form.Label>
              <DecimalField
                id="lot-quantity"
                value={draft.quantity === '' ? null : Number(draft.quantity)}
                maxDecimals={0}
                showProblem={tried}
                isInvalid={!!errors.quantity}
                onChange={(v, problem) => {
                  set('quantity', v === null ? '' : String(v));
                  setProblems((p) => ({ ...p, quantity: problem }));
                }}
              />
              {problems.quantity ? null : <Form.Control.Feedback type="invalid">{fieldError('quantity')}</Form.Control.Feedback>}
            </Form.Group>
            {WEIGHT_FIELDS.map(({ key, decimals }) => (
              <Form.Group key={key} as={Col} md={4}>
                <Form.Label htmlFor={`lot-${key}`}>
                  {t(`orders:weights.${key}`)}
                  {key === 'netKgPerPallet' ? null : <span className="text-body-secondary small"> ({t('common:optional')})</span>}
                </Form.Label>
                <DecimalField
                  id={`lot-${key}`}
                  value={draft.weights[key]}
                  maxDecimals={decimals}
                  showProblem={tried}
                  isInvalid={!!errors[key]}
                  onChange={(v, problem) => {
                    setDraft((d) => ({ ...d, weights: { ...d.weights, [key]: v } }));
                    setWeightProblems((p) => ({ ...p, [key]: problem }));
                  }}
                />
                {weightProblems[key] || !errors[key] ? null : (
                  <Form.Control.Feedback type="invalid">
                    {t(`orders:weights.errors.${errors[key]}`, { defaultValue: t('validation.invalid') })}
                  </Form.Control.Feedback>
                )}
              </Form.Group>
            ))}
            <Form.Group as={Col} md={4} controlId="lot-until">
              <Form.Label>{t('fields.availableUntil')}</Form.Label>
              <DateField
                id="lot-until"
                inModal
                value={draft.availableUntil}
                invalid={!!errors.availableUntil}
                minDate={dayInParis(0)}
                onChange={(v) => set('availableUntil', v)}
              />
              <Form.Control.Feedback type="invalid" className={errors.availableUntil ? 'd-block' : undefined}>
                {fieldError('availableUntil')}
              </Form.Control.Feedback>
            </Form.Group>
            <Col md={6}>
              <Form.Check
                type="switch"
                id="lot-auction"
                label={t('fields.auction')}
                checked={draft.auction}
                onChange={(e) => set('auction', e.target.checked)}
              />
            </Col>
            {draft.auction ? (
              <Form.Group as={Col} md={6} controlId="lot-auction-start">
                <Form.Label>{t('fields.auctionStartDate')}</Form.Label>
                <DateTimeField
                  id="lot-auction-start"
                  inModal
                  value={draft.auctionStart}
                  invalid={!!errors.auctionStartDate}
                  min={new Date().toISOString()}
                  max={latestAuctionStart()}
                  describedBy="lot-auction-start-hint"
                  onChange={(v) => set('auctionStart', v)}
                />
                <Form.Text id="lot-auction-start-hint">
                  {t('mine.auctionClock')} {t('mine.auctionHint')}
                </Form.Text>
                <Form.Control.Feedback type="invalid" className={errors.auctionStartDate ? 'd-block' : undefined}>
                  {fieldError('auctionStartDate')}
                </Form.Control.Feedback>
              </Form.Group>
            ) : null}
            {draft.auction ? (
              <Form.Group as={Col} md={6} controlId="lot-reserve">
                <Form.Label>{t('fields.reservePrice')}</Form.Label>
                <DecimalField
                  id="lot-reserve"
                  value={draft.reserve === '' ? null : Number(draft.reserve)}
                  minDecimals={2}
                  maxDecimals={2}
                  showProblem={tried}
                  isInvalid={!!errors.reservePrice}
                  onChange={(v, problem) => {
                    set('reserve', v === null ? '' : String(v));
                    setProblems((p) => ({ ...p, reservePrice: problem }));
                  }}
                />
                <Form.Text>{t('mine.reserveHint')}</Form.Text>
                {problems.reservePrice ? null : <Form.Control.Feedback type="invalid">{fieldError('reservePrice')}</Form.Control.Feedback>}
              </Form.Group>
            ) : null}
            {/* The wholesale market beside the starting price and the reserve (issue 25). */}
            <Col xs={12}>
              <ArticleMarketReference
                articleId={Number(draft.articleId) || null}
                price={draft.price === '' ? null : Number(draft.price)}
                reserve={draft.auction && draft.reserve !== '' ? Number(draft.reserve) : null}
                auction={draft.auction}
              />
            </Col>
            <Form.Group as={Col} xs={12} controlId="lot-photos">
              <Form.Label>{t('fields.photos')}</Form.Label>
              {product ? (
                <div className="d-flex flex-wrap gap-2 mb-2">
                  {currentPhotos.map((f) => (
                    <div key={f} className="position-relative">
                      <img src={photoUrl(product.productId, f)} alt="" width={96} height={72} style={{ objectFit: 'cover' }} className="rounded border" />
                      {currentPhotos.length > 1 ? (
                        <CloseButton
                          className="position-absolute top-0 end-0 bg-white"
                          aria-label={t('mine.removePhoto')}
                          onClick={() =>
                            removePhoto.mutate(
                              { productId: product.productId, file: f },
                              { onSuccess: (p) => setPhotos(p.photos), onError: (err) => setServerError(apiMessage(err)) },
                            )
                          }
                        />
                      ) : null}
                    </div>
                  ))}
                </div>
              ) : null}
              <Form.Control
                type="file"
                multiple
                accept={PHOTO_ACCEPT}
                isInvalid={!!errors.photos}
                disabled={addPhotos.isPending}
                onChange={(e) => {
                  const chosen = [...((e.target as HTMLInputElement).files ?? [])];
                  if (!product) setFiles(chosen);
                  else if (chosen.length)
                    addPhotos.mutate(
                      { productId: product.productId, files: chosen },
                      { onSuccess: (p) => setPhotos(p.photos), onError: (err) => setServerError(apiMessage(err)) },
                    );
                }}
              />
              <Form.Text>{t('mine.photosHint')}</Form.Text>
              <Form.Control.Feedback type="invalid">{fieldError('photos')}</Form.Control.Feedback>
            </Form.Group>
          </Row>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {t('save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
