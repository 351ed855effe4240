import { Badge, Button, Form, Spinner } from 'react-bootstrap';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BsExclamationTriangleFill, BsPlusLg, BsTrash } from 'react-icons/bs';
import {
  CALIBER_MAX_LENGTH,
  displayLocale,
  formatDateTime,
  localName,
  QUALITY_CLASSES,
  type Article,
  type CatalogMatch,
  type CompanyOption,
  type Country,
  type MoveUncheckedBody,
  type QualityClass,
  type CatalogItem,
  type UncheckedProduct,
} from '@primeur/shared';
import { DecimalField, type DecimalProblem } from '../../../components/DecimalField';
import { DateField } from '../../../components/DateField';
import { countryName } from '../../../lib/format';
import { useCatalogLabels } from '../../../lib/lookups';

export interface Lookups {
  suppliers: CompanyOption[];
  articles: Article[];
  origins: Country[];
  packagings: CatalogItem[];
  boxes: CatalogItem[];
}

interface Values {
  supplierId: string;
  productId: string;
  originId: string;
  packagingId: string;
  boxId: string;
  caliber: string;
  /** '' = the offer states no class (decision 915). */
  qualityClass: QualityClass | '';
  priceKg: string;
  priceColis: string;
  pricePiece: string;
  volume: string;
  startDate: string;
}

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const confident = (m: CatalogMatch | null) => (m && m.score >= 0.5 ? m.id : null);
const idOrNull = (v: string) => (v === '' ? null : Number(v));

/** The form values as the move call takes them; empty fields are left to the server's defaults. */
export function toMoveBody(v: Values): MoveUncheckedBody {
  return {
    supplierId: idOrNull(v.supplierId),
    productId: idOrNull(v.productId),
    originId: idOrNull(v.originId),
    packagingId: idOrNull(v.packagingId),
    boxId: idOrNull(v.boxId),
    caliber: v.caliber.trim(),
    qualityClass: v.qualityClass || null,
    priceKg: idOrNull(v.priceKg),
    priceColis: idOrNull(v.priceColis),
    pricePiece: idOrNull(v.pricePiece),
    volume: idOrNull(v.volume),
    startDate: v.startDate || null,
  };
}

/**
 * How sure the catalog match is, as a badge whose tooltip names the matched catalog entry in the
 * reader's language (the server's label is the catalog's English name).
 */
function Score({ match, label }: { match: CatalogMatch | null; label: string | undefined }) {
  const { t, i18n } = useTranslation('unchecked');
  if (!match) return null;
  const pct = Math.round(match.score * 100);
  const text = new Intl.NumberFormat(displayLocale(i18n.resolvedLanguage), { style: 'percent' }).format(pct / 100);
  return (
    <Badge
      bg={pct >= 90 ? 'success' : pct >= 60 ? 'warning' : 'secondary'}
      text={pct >= 90 || pct < 60 ? undefined : 'dark'}
      className="ms-1"
      title={t('score', { label: label ?? match.label })}
      data-testid="match-score"
    >
      {text}
    </Badge>
  );
}

interface Props {
  row: UncheckedProduct;
  lookups: Lookups;
  busy: boolean;
  onMove(body: MoveUncheckedBody): void;
  onDelete(): void;
}

/**
 * One imported offer line as an editable form, pre-filled from the catalog matches (the lookalike
 * object), with the supplier's own words beside it so staff can check what was read.
 */
export function UncheckedRow({ row, lookups, busy, onMove, onDelete }: Props) {
  const { t, i18n } = useTranslation('unchecked');
  // The class names of the lot views ("Extra", "Class I", "Class II"), from the marketplace catalog.
  const { t: tLot } = useTranslation('marketplace');
  const labels = useCatalogLabels();
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const look = row.lookalike;
  const { register, handleSubmit, control } = useForm<Values>({
    defaultValues: {
      supplierId: str(row.supplier?.id),
      productId: str(look.productName?.id),
      originId: str(look.origin?.id),
      // A weak box or packaging match is not pre-selected: staff would not notice a wrong guess.
      packagingId: str(confident(look.packaging)),
      boxId: str(confident(look.box)),
      caliber: row.caliber,
      qualityClass: row.qualityClass ?? '',
      priceKg: str(row.priceKg),
      priceColis: str(row.priceColis),
      pricePiece: str(row.pricePiece),
      volume: str(row.volume),
      startDate: row.startDate ?? '',
    },
  });
  const qualityClass = useWatch({ control, name: 'qualityClass' });
  const articles = [...lookups.articles].sort((a, b) => a.names[lng].localeCompare(b.names[lng], lng));
  const origins = [...lookups.origins].sort((a, b) => countryName(a.alpha2, lng, a.name).localeCompare(countryName(b.alpha2, lng, b.name), lng));
  const id = (f: string) => `u${row.id}-${f}`;
  // The matched catalog entries named in the reader's language, for the score tooltips.
  const named = <T extends { id: number }>(list: T[], m: CatalogMatch | null, name: (x: T) => string) => {
    const found = m ? list.find((x) => x.id === m.id) : undefined;
    return found ? name(found) : undefined;
  };
  const matchLabel = {
    product: named(lookups.articles, look.productName, (a) => a.names[lng]),
    origin: look.origin?.alpha2 ? countryName(look.origin.alpha2, lng, look.origin.label) : undefined,
    packaging: named(lookups.packagings, look.packaging, (p) => localName(p, lng)),
    box: named(lookups.boxes, look.box, (b) => localName(b, lng)),
  };
  // Amounts the field refuses (ambiguous, letters…): the row is not moved until they are fixed.
  const problems = useRef<Partial<Record<keyof Values, DecimalProblem | null>>>({});
  const [tried, setTried] = useState(false);
  const number = (name: 'priceKg' | 'priceColis' | 'pricePiece' | 'volume', label: string, maxDecimals = 3, minDecimals = 0) => (
    <Form.Group controlId={id(name)}>
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DecimalField
            id={id(name)}
            size="sm"
            maxDecimals={maxDecimals}
            minDecimals={minDecimals}
            showProblem={tried}
            value={field.value === '' ? null : Number(field.value)}
            onChange={(v, problem) => {
              problems.current[name] = problem;
              field.onChange(v === null ? '' : String(v));
            }}
            onBlur={field.onBlur}
          />
        )}
      />
    </Form.Group>
  );
  const submit = handleSubmit((v) => {
    setTried(true);
    if (Object.values(problems.current).some(Boolean)) return;
    onMove(toMoveBody(v));
  });

  return (
    <tr data-testid={`unchecked-row-${row.id}`}>
      <td className="unchecked-message-cell" data-label={t('message')}>
        <div className="fw-semibold small" data-testid="unchecked-line">
          {row.line}
        </div>
        <div className="small text-body-secondary">
          {row.message.source === 'whatsapp' ? t('fromWhatsapp', { phone: row.message.fromPhone ?? '?' }) : t('pasted')} ·{' '}
          {formatDateTime(row.message.receivedAt, lng)}
        </div>
        <details className="small mt-1">
          <summary>{t('wholeMessage')}</summary>
          <pre className="small bg-body-tertiary p-2 mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            {row.message.body}
          </pre>
        </details>
      </td>
      <td colSpan={2} data-label={t('offer')}>
        <Form id={id('form')} onSubmit={(e) => void submit(e)} noValidate>
          <div className="unchecked-fields">
            <Form.Group controlId={id('supplier')}>
              <Form.Label className="small mb-0">{t('supplier')}</Form.Label>
              <Form.Select size="sm" {...register('supplierId')}>
                <option value="">{t('chooseSupplier')}</option>
                {lookups.suppliers.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.company}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId={id('product')}>
              <Form.Label className="small mb-0">
                {t('product')} <Score match={look.productName} label={matchLabel.product} />
              </Form.Label>
              <Form.Select size="sm" {...register('productId')}>
                <option value="">{t('chooseProduct', { read: row.productName })}</option>
                {articles.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.names[lng]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId={id('origin')}>
              <Form.Label className="small mb-0">
                {t('origin')} <Score match={look.origin} label={matchLabel.origin} />
              </Form.Label>
              <Form.Select size="sm" {...register('originId')}>
                <option value="">{t('none')}</option>
                {origins.map((c) => (
                  <option key={c.id} value={c.id}>
                    {countryName(c.alpha2, lng, c.name)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId={id('caliber')}>
              <Form.Label className="small mb-0">{t('caliber')}</Form.Label>
              <Form.Control size="sm" maxLength={CALIBER_MAX_LENGTH} {...register('caliber')} />
            </Form.Group>
            <Form.Group controlId={id('class')}>
              <Form.Label className="small mb-0">{tLot('lotFacts.qualityClass')}</Form.Label>
              <Form.Select
                size="sm"
                {...register('qualityClass')}
                className={qualityClass ? undefined : 'border-warning'}
                aria-describedby={qualityClass ? undefined : id('class-missing')}
                data-testid="quality-class-select"
              >
                <option value="">{t('none')}</option>
                {QUALITY_CLASSES.map((c) => (
                  <option key={c} value={c}>
                    {tLot(`lotFacts.class.${c}`)}
                  </option>
                ))}
              </Form.Select>
              {qualityClass ? null : (
                <Badge bg="warning" text="dark" className="mt-1" id={id('class-missing')} data-testid="class-not-stated">
                  <BsExclamationTriangleFill aria-hidden="true" /> {t('classNotStated')}
                </Badge>
              )}
            </Form.Group>
            <Form.Group controlId={id('packaging')}>
              <Form.Label className="small mb-0">
                {t('packaging')} <Score match={look.packaging} label={matchLabel.packaging} />
              </Form.Label>
              <Form.Select size="sm" {...register('packagingId')} title={row.packaging}>
                <option value="">{row.packaging ? t('readAs', { text: row.packaging }) : t('none')}</option>
                {labels.options(lookups.packagings).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId={id('box')}>
              <Form.Label className="small mb-0">
                {t('box')} <Score match={look.box} label={matchLabel.box} />
              </Form.Label>
              <Form.Select size="sm" {...register('boxId')} title={row.box}>
                <option value="">{row.box ? t('readAs', { text: row.box }) : t('none')}</option>
                {labels.options(lookups.boxes).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {number('volume', t('volume'), 2)}
            <Form.Group controlId={id('startDate')}>
              <Form.Label className="small mb-0">{t('startDate')}</Form.Label>
              <Controller
                control={control}
                name="startDate"
                render={({ field }) => <DateField id={id('startDate')} size="sm" value={field.value} onChange={field.onChange} />}
              />
            </Form.Group>
            {/* Amounts in euros read with their cents (1,20, not 1,2); a third decimal stays when given. */}
            {number('priceKg', t('priceKg'), 3, 2)}
            {number('priceColis', t('priceColis'), 3, 2)}
            {number('pricePiece', t('pricePiece'), 3, 2)}
          </div>
        </Form>
      </td>
      <td className="text-end text-nowrap unchecked-actions-cell" data-label={t('actions')} data-testid="unchecked-actions">
        <Button type="submit" form={id('form')} variant="success" size="sm" className="me-1" disabled={busy} aria-label={t('move', { line: row.line })}>
          {busy ? <Spinner size="sm" animation="border" /> : <BsPlusLg aria-hidden="true" />}{' '}
          <span className="d-inline d-lg-none d-xl-inline">{t('moveShort')}</span>
        </Button>
        <Button variant="danger" size="sm" disabled={busy} onClick={onDelete} aria-label={t('delete', { line: row.line })}>
          <BsTrash aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
}
