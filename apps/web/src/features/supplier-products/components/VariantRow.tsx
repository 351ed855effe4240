import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BsTrash } from 'react-icons/bs';
import { QUALITY_CLASSES, type CatalogItem, type Country, type SupplierVariant, type VariantAction } from '@primeur/shared';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { countryName } from '../../../lib/format';
import { useCatalogLabels } from '../../../lib/lookups';
import { EditableField } from './EditableField';

interface Props {
  variant: SupplierVariant;
  origins: Country[];
  packagings: CatalogItem[];
  boxes: CatalogItem[];
  save(action: VariantAction, value: string): Promise<unknown>;
  onDelete(): void;
  /** Ticked for a bulk action (issue 26). */
  selected: boolean;
  onSelect(): void;
}

/** Spec §5 numeric inputs: prices and piece weight step 0.001 min 0; nbPiece min 1; volume min 0. */
const PRICE = { kind: 'decimal' as const, min: 0, step: 0.001 };

export function VariantRow({ variant: v, origins, packagings, boxes, save, onDelete, selected, onSelect }: Props) {
  const { t, i18n } = useTranslation('supplier-products');
  // The class names of the lot views ("Extra", "Class I", "Class II").
  const { t: tLot } = useTranslation('marketplace');
  const lng = i18n.resolvedLanguage ?? 'en';
  const labels = useCatalogLabels();
  const num = (n: number | null) => (n === null ? '' : String(n));
  const tid = (f: string) => `variant-${v.id}-${f}`;
  const select = (action: 'origin' | 'packaging' | 'box', current: { id: number } | null, items: Array<{ id: number; label: string }>) => (
    <Form.Select
      size="sm"
      aria-label={t(`fields.${action}`)}
      data-testid={tid(action)}
      value={current?.id ?? ''}
      onChange={(e) => {
        const id = e.target.value;
        if (id) void save(action, id).catch(() => undefined);
      }}
    >
      <option value="">{t('choose')}</option>
      {items.map((i) => (
        <option key={i.id} value={i.id}>
          {i.label}
        </option>
      ))}
    </Form.Select>
  );

  return (
    <tr data-testid={`variant-${v.id}`} className={selected ? 'table-active' : undefined}>
      <td>
        <Form.Check id={`select-variant-${v.id}`} className="mb-0" aria-label={t('bulk:bar.selectVariant')} checked={selected} onChange={onSelect} />
      </td>
      <td style={{ minWidth: 140 }}>
        {select(
          'origin',
          v.origin,
          origins.map((o) => ({ id: o.id, label: countryName(o.alpha2, lng, o.name) })),
        )}
      </td>
      <td style={{ minWidth: 120 }}>{select('packaging', v.packaging, labels.options(packagings))}</td>
      <td style={{ minWidth: 150 }}>{select('box', v.box, labels.options(boxes))}</td>
      <td style={{ minWidth: 80 }}>
        <EditableField label={t('fields.caliber')} testId={tid('caliber')} value={v.caliber} maxLength={50} save={(x) => save('caliber', x)} />
      </td>
      <td style={{ minWidth: 140 }}>
        {/* Null when the supplier did not state it (decision 915): "—" until staff choose one. */}
        <Form.Select
          size="sm"
          aria-label={t('fields.qualityClass')}
          data-testid={tid('qualityClass')}
          value={v.qualityClass ?? ''}
          onChange={(e) => {
            if (e.target.value) void save('qualityClass', e.target.value).catch(() => undefined);
          }}
        >
          <option value="" disabled={v.qualityClass !== null}>
            —
          </option>
          {QUALITY_CLASSES.map((c) => (
            <option key={c} value={c}>
              {tLot(`lotFacts.class.${c}`)}
            </option>
          ))}
        </Form.Select>
      </td>
      <td style={{ minWidth: 90 }}>
        <EditableField label={t('fields.weightPiece')} testId={tid('weightPiece')} value={num(v.weightPiece)} {...PRICE} save={(x) => save('weightPiece', x)} />
      </td>
      <td style={{ minWidth: 80 }}>
        <EditableField
          label={t('fields.nbPiece')}
          testId={tid('nbPiece')}
          value={String(v.nbPiece)}
          kind="decimal"
          min={1}
          step={1}
          save={(x) => save('nbPiece', x)}
        />
      </td>
      {(['priceKg', 'priceColis', 'pricePiece'] as const).map((f) => (
        <td key={f} style={{ minWidth: 95 }}>
          <EditableField label={t(`fields.${f}`)} testId={tid(f)} value={num(v[f])} {...PRICE} save={(x) => save(f, x)} />
        </td>
      ))}
      <td style={{ minWidth: 80 }}>
        <EditableField
          label={t('fields.volume')}
          testId={tid('volume')}
          value={num(v.volume)}
          kind="decimal"
          min={0}
          step="any"
          save={(x) => save('volume', x)}
        />
      </td>
      <td style={{ minWidth: 210 }}>
        <DateRangePicker
          id={tid('dates')}
          size="sm"
          label={t('fields.dates')}
          start={v.startDate}
          end={v.endDate}
          onChange={(s, e) => void save('dates', `${s}_${e}`).catch(() => undefined)}
        />
      </td>
      <td>
        <Button size="sm" variant="outline-danger" onClick={onDelete} aria-label={t('deleteVariant')} title={t('deleteVariant')}>
          <BsTrash aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
}
