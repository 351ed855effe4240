import { useRef, useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CALIBER_MAX_LENGTH, dayInParis, type SupplierProduct } from '@primeur/shared';
import { CountrySelect } from '../../../components/CountrySelect';
import { DateField, DateTimeField } from '../../../components/DateField';
import { ArticleMarketReference } from '../../../components/MarketReference';
import { DecimalField, type DecimalProblem } from '../../../components/DecimalField';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { useErrorMessage } from '../../../lib/error-message';
import { usePackagingName } from '../../../lib/lookups';
import { useFormOptions } from '../api/form-options';
import { useAddPhotos, useCreateProduct, useRemovePhoto, useUpdateProduct } from '../api/my-products';
import { ArticlePicker } from './lot-form/ArticlePicker';
import { LotFactsFields } from './lot-form/LotFactsFields';
import {
  latestAuctionStart,
  lotFormResolver,
  toInput,
  valuesFrom,
  type DecimalKey,
  type DecimalProblems,
  type LotFormValues,
} from './lot-form/lot-form-values';
import { NewPhotos, StoredPhotos } from './lot-form/PhotoPicker';

/** The server's own refusal of the reserve (details on `reservePrice`), shown under the field. */
function serverReserveProblem(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const detail = err.body?.details?.find((d) => d.path === 'reservePrice');
  if (!detail) return null;
  return detail.message === 'belowStartingPrice' ? 'reserveBelowPrice' : detail.message === 'tooLarge' ? 'tooLarge' : 'invalid';
}

const WEIGHT_FIELDS: ReadonlyArray<{ key: 'netKgPerPallet' | 'boxesPerPallet' | 'netKgPerBox'; decimals: number }> = [
  { key: 'netKgPerPallet', decimals: 2 },
  { key: 'boxesPerPallet', decimals: 0 },
  { key: 'netKgPerBox', decimals: 3 },
];
const WEIGHT_KEYS = WEIGHT_FIELDS.map((w) => w.key);
/** Dates judged together as soon as one is picked (decision 503). */
const DATE_FIELDS: Array<FieldPath<LotFormValues>> = ['availableUntil', 'auctionStart', 'packedOn'];

/**
 * The lot form's state (react-hook-form with the shared productInput schema, issue 26): judged on
 * the first submit, then again at every change, so an error goes as soon as it is fixed; the dates are
 * judged as soon as one is picked. The decimal fields' own refusals ("1,2,3") join the schema's.
 */
function useLotForm(product: SupplierProduct | undefined) {
  const problems = useRef<DecimalProblems>({});
  const form = useForm<LotFormValues, { product?: SupplierProduct; problems: DecimalProblems }>({
    defaultValues: valuesFrom(product),
    resolver: (values, _ctx, options) => lotFormResolver(values, { product, problems: problems.current }, options),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const setProblem = (key: DecimalKey, problem: DecimalProblem | null) => {
    problems.current = { ...problems.current, [key]: problem };
  };
  const checkDates = () => void form.trigger(DATE_FIELDS);
  return { form, problems, setProblem, checkDates };
}

interface DecimalControlProps {
  control: Control<LotFormValues>;
  name: DecimalKey;
  id: string;
  decimals: number;
  minDecimals?: number;
  tried: boolean;
  invalid: boolean;
  deps?: Array<FieldPath<LotFormValues>>;
  onProblem(problem: DecimalProblem | null): void;
}

/** A decimal field bound to the form: its parse refusal is recorded before the form re-judges it. */
function DecimalControl({ control, name, id, decimals, minDecimals, tried, invalid, deps, onProblem }: DecimalControlProps) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field }) => (
        <DecimalField
          id={id}
          value={field.value}
          minDecimals={minDecimals}
          maxDecimals={decimals}
          showProblem={tried}
          isInvalid={invalid}
          onChange={(v, problem) => {
            onProblem(problem);
            field.onChange(v);
          }}
        />
      )}
    />
  );
}

/** Creates a lot (with its photos) or edits one; the same rules as the server (productInput). */
export function ProductFormModal({ product, onClose }: { product?: SupplierProduct; onClose(): void }) {
  const { t } = useTranslation('marketplace');
  const toast = useToast();
  const { data: options } = useFormOptions();
  const packagingName = usePackagingName();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const addPhotos = useAddPhotos();
  const removePhoto = useRemovePhoto();
  const apiMessage = useErrorMessage();
  const { form, problems, setProblem, checkDates } = useLotForm(product);
  const { control, register, handleSubmit, watch, setError, formState } = form;
  const [photos, setPhotos] = useState(product?.photos ?? '[]');
  const [serverError, setServerError] = useState<string | null>(null);
  const tried = formState.isSubmitted;
  const auction = watch('auction');
  const errorOf = (name: keyof LotFormValues) => {
    const code = formState.errors[name]?.message;
    return code ? t(`validation.${code}`, { defaultValue: t('validation.invalid') }) : undefined;
  };
  // A decimal field that refuses its text shows its own sentence; the schema's would repeat it.
  const feedback = (name: DecimalKey) => (problems.current[name] ? null : <Form.Control.Feedback type="invalid">{errorOf(name)}</Form.Control.Feedback>);

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const input = toInput(values);
    try {
      if (product) await update.mutateAsync({ productId: product.productId, input });
      else await create.mutateAsync({ input, files: values.files });
      toast.show('success', { message: t('mine.saved') });
      onClose();
    } catch (err) {
      const fieldProblem = serverReserveProblem(err);
      if (fieldProblem) setError('reserve', { type: 'server', message: fieldProblem });
      setServerError(apiMessage(err));
    }
  });

  const pending = create.isPending || update.isPending;
  return (
    <Modal show onHide={onClose} size="lg" backdrop="static">
      <Form noValidate onSubmit={(e) => void submit(e)} data-testid="product-form">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {product ? t('mine.editTitle') : t('mine.new')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
          <Row className="g-3">
            <Form.Group as={Col} md={6}>
              <Form.Label htmlFor="lot-article">{t('fields.article')}</Form.Label>
              <Controller
                control={control}
                name="articleId"
                render={({ field }) => (
                  <ArticlePicker
                    id="lot-article"
                    articles={options?.articles}
                    value={field.value}
                    onChange={field.onChange}
                    invalid={!!formState.errors.articleId}
                    describedBy="lot-article-error"
                  />
                )}
              />
              <div id="lot-article-error" className={`invalid-feedback${formState.errors.articleId ? ' d-block' : ''}`}>
                {errorOf('articleId')}
              </div>
            </Form.Group>
            <Form.Group as={Col} md={6} controlId="lot-name">
              <Form.Label>{t('fields.name')}</Form.Label>
              <Form.Control {...register('name')} maxLength={120} isInvalid={!!formState.errors.name} />
              <Form.Control.Feedback type="invalid">{errorOf('name')}</Form.Control.Feedback>
            </Form.Group>
            <LotFactsFields control={control} register={register} errorOf={errorOf} onDatePicked={checkDates} />
            <Form.Group as={Col} xs={12} controlId="lot-description">
              <Form.Label>{t('fields.description')}</Form.Label>
              <Form.Control as="textarea" rows={2} maxLength={2000} {...register('description')} />
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="lot-caliber">
              <Form.Label>{t('fields.caliber')}</Form.Label>
              <Form.Control maxLength={CALIBER_MAX_LENGTH} {...register('caliber')} />
            </Form.Group>
            <Form.Group as={Col} md={4}>
              <Form.Label htmlFor="lot-origin">{t('fields.origin')}</Form.Label>
              <Controller
                control={control}
                name="origin"
                render={({ field }) => <CountrySelect inputId="lot-origin" value={field.value} invalid={!!formState.errors.origin} onChange={field.onChange} />}
              />
              {formState.errors.origin ? <div className="invalid-feedback d-block">{errorOf('origin')}</div> : null}
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="lot-packaging">
              <Form.Label>{t('fields.packaging')}</Form.Label>
              <Form.Select {...register('packagingId')} isInvalid={!!formState.errors.packagingId}>
                <option value="">{t('select')}</option>
                {options?.packagings.map((p) => (
                  <option key={p.id} value={p.id}>
                    {packagingName(p)}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errorOf('packagingId')}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} md={4}>
              <Form.Label htmlFor="lot-price">{auction ? t('fields.startingPrice') : t('fields.price')}</Form.Label>
              <DecimalControl
                control={control}
                name="price"
                id="lot-price"
                decimals={2}
                minDecimals={2}
                tried={tried}
                invalid={!!formState.errors.price}
                deps={['reserve']}
                onProblem={(p) => setProblem('price', p)}
              />
              {feedback('price')}
            </Form.Group>
            <Form.Group as={Col} md={4}>
              <Form.Label htmlFor="lot-quantity">{t('fields.quantity')}</Form.Label>
              <DecimalControl
                control={control}
                name="quantity"
                id="lot-quantity"
                decimals={0}
                tried={tried}
                invalid={!!formState.errors.quantity}
                onProblem={(p) => setProblem('quantity', p)}
              />
              {feedback('quantity')}
            </Form.Group>
            {WEIGHT_FIELDS.map(({ key, decimals }) => (
              <Form.Group key={key} as={Col} md={4}>
                <Form.Label htmlFor={`lot-${key}`}>
                  {t(`orders:weights.${key}`)}
                  {key === 'netKgPerPallet' ? null : <span className="text-body-secondary small"> ({t('common:optional')})</span>}
                </Form.Label>
                <DecimalControl
                  control={control}
                  name={key}
                  id={`lot-${key}`}
                  decimals={decimals}
                  tried={tried}
                  invalid={!!formState.errors[key]}
                  deps={WEIGHT_KEYS.filter((k) => k !== key)}
                  onProblem={(p) => setProblem(key, p)}
                />
                {problems.current[key] || !formState.errors[key] ? null : (
                  <Form.Control.Feedback type="invalid">
                    {t(`orders:weights.errors.${formState.errors[key]?.message}`, { defaultValue: t('validation.invalid') })}
                  </Form.Control.Feedback>
                )}
              </Form.Group>
            ))}
            <Form.Group as={Col} md={4}>
              <Form.Label htmlFor="lot-until">{t('fields.availableUntil')}</Form.Label>
              <Controller
                control={control}
                name="availableUntil"
                render={({ field }) => (
                  <DateField
                    id="lot-until"
                    inModal
                    value={field.value}
                    invalid={!!formState.errors.availableUntil}
                    minDate={dayInParis(0)}
                    onChange={(v) => {
                      field.onChange(v);
                      checkDates();
                    }}
                  />
                )}
              />
              <Form.Control.Feedback type="invalid" className={formState.errors.availableUntil ? 'd-block' : undefined}>
                {errorOf('availableUntil')}
              </Form.Control.Feedback>
            </Form.Group>
            <Col md={6}>
              <Form.Check type="switch" id="lot-auction" label={t('fields.auction')} {...register('auction', { deps: ['availableUntil', 'reserve'] })} />
            </Col>
            {auction ? (
              <Form.Group as={Col} md={6}>
                <Form.Label htmlFor="lot-auction-start">{t('fields.auctionStartDate')}</Form.Label>
                <Controller
                  control={control}
                  name="auctionStart"
                  render={({ field }) => (
                    <DateTimeField
                      id="lot-auction-start"
                      inModal
                      value={field.value}
                      invalid={!!formState.errors.auctionStart}
                      min={new Date().toISOString()}
                      max={latestAuctionStart()}
                      describedBy="lot-auction-start-hint"
                      onChange={(v) => {
                        field.onChange(v);
                        checkDates();
                      }}
                    />
                  )}
                />
                <Form.Text id="lot-auction-start-hint">
                  {t('mine.auctionClock')} {t('mine.auctionHint')}
                </Form.Text>
                <Form.Control.Feedback type="invalid" className={formState.errors.auctionStart ? 'd-block' : undefined}>
                  {errorOf('auctionStart')}
                </Form.Control.Feedback>
              </Form.Group>
            ) : null}
            {auction ? (
              <Form.Group as={Col} md={6}>
                <Form.Label htmlFor="lot-reserve">{t('fields.reservePrice')}</Form.Label>
                <DecimalControl
                  control={control}
                  name="reserve"
                  id="lot-reserve"
                  decimals={2}
                  minDecimals={2}
                  tried={tried}
                  invalid={!!formState.errors.reserve}
                  onProblem={(p) => setProblem('reserve', p)}
                />
                <Form.Text>{t('mine.reserveHint')}</Form.Text>
                {feedback('reserve')}
              </Form.Group>
            ) : null}
            {/* The wholesale market beside the starting price and the reserve (issue 25). */}
            <Col xs={12}>
              <ArticleMarketReference
                articleId={watch('articleId') || null}
                price={watch('price')}
                reserve={auction ? watch('reserve') : null}
                auction={auction}
              />
            </Col>
            <Form.Group as={Col} xs={12}>
              <Form.Label htmlFor="lot-photos">{t('fields.photos')}</Form.Label>
              {product ? (
                <StoredPhotos
                  productId={product.productId}
                  photos={photos}
                  busy={addPhotos.isPending}
                  onRemove={(file) =>
                    removePhoto.mutate(
                      { productId: product.productId, file },
                      { onSuccess: (p) => setPhotos(p.photos), onError: (err) => setServerError(apiMessage(err)) },
                    )
                  }
                  onAdd={(files) =>
                    addPhotos.mutate(
                      { productId: product.productId, files },
                      { onSuccess: (p) => setPhotos(p.photos), onError: (err) => setServerError(apiMessage(err)) },
                    )
                  }
                />
              ) : (
                <Controller
                  control={control}
                  name="files"
                  render={({ field }) => (
                    <NewPhotos files={field.value} onChange={field.onChange} invalid={!!formState.errors.files} error={errorOf('files')} />
                  )}
                />
              )}
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
