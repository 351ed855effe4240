import { Fragment, type ReactNode } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay, type AdminProduct, type AuctionResult, type ProductStatus } from '@primeur/shared';
import { Flag } from '../../../components/Flag';
import { LotTotal } from '../../../components/LotTotal';
import { useLotFactRows } from '../../../components/LotFacts';
import { countryName, euro } from '../../../lib/format';
import { useFormOptions } from '../api/form-options';
import { usePackagingName } from '../../../lib/lookups';

const STATUS_BG: Record<ProductStatus, string> = { ENABLED: 'success', DISABLED: 'warning', EXPIRED: 'danger', IN_AUCTION: 'info' };

/** Status colours of spec §4: green, yellow, red, and IN_AUCTION in its own colour. */
const RESULT_BG: Record<AuctionResult, string> = { SOLD: 'success', RESERVE_NOT_MET: 'secondary', NO_BIDS: 'secondary' };

/**
 * Status colours of spec §4: green, yellow, red, and IN_AUCTION in its own colour with its start date.
 * An auction that has closed says how it ended instead ("Sold", "Unsold — reserve not met", "No
 * bids"): a sale is never a red "Expired" (issue 19).
 */
export function StatusBadge({ product }: { product: AdminProduct & { result?: AuctionResult | null } }) {
  const { t, i18n } = useTranslation('marketplace');
  if (product.result) {
    return (
      <Badge className="text-wrap text-start" bg={RESULT_BG[product.result]} data-testid="status-badge" data-result={product.result}>
        {t(`result.${product.result}`)}
      </Badge>
    );
  }
  const since =
    product.status === 'IN_AUCTION' && product.auctionStartDate
      ? ` ${t('status.since', { date: formatDateTime(product.auctionStartDate, i18n.resolvedLanguage) })}`
      : '';
  return (
    <Badge
      className="text-wrap text-start"
      bg={STATUS_BG[product.status]}
      text={product.status === 'DISABLED' || product.status === 'IN_AUCTION' ? 'dark' : undefined}
      data-testid="status-badge"
    >
      {t(`status.${product.status}`)}
      {since}
    </Badge>
  );
}

/** The article's name in the reader's language (catalog names), else the English one. */
export function useArticleName() {
  const { i18n } = useTranslation();
  const { data } = useFormOptions();
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  return (p: Pick<AdminProduct, 'articleId' | 'productName'>) => data?.articles.find((a) => a.id === p.articleId)?.names[lng] ?? p.productName;
}

export function OriginLabel({ origin }: { origin: AdminProduct['origin'] }) {
  const { i18n } = useTranslation();
  const name = countryName(origin.alpha2, i18n.resolvedLanguage ?? 'en', origin.name);
  return (
    // Flag and name side by side: a long name ("Niederlande" in a table column) wraps beside its flag, not under it.
    <span className="d-inline-flex align-items-center">
      <Flag code={origin.alpha2} className="me-1 flex-shrink-0" title={name} />
      <span>{name}</span>
    </span>
  );
}

/** The fields every lot card shows, as a definition list. */
export function ProductFacts({ product, extra = [] }: { product: AdminProduct; extra?: Array<[string, ReactNode]> }) {
  const { t, i18n } = useTranslation('marketplace');
  const packagingName = usePackagingName();
  const factRows = useLotFactRows();
  const rows: Array<[string, ReactNode]> = [
    [t('fields.origin'), <OriginLabel key="o" origin={product.origin} />],
    ...factRows(product),
    [t('fields.caliber'), product.caliber || '–'],
    [t('fields.packaging'), packagingName(product.packaging)],
    [t('fields.quantity'), <LotTotal key="q" pallets={product.quantity} netKgPerPallet={product.netKgPerPallet} pricePerKg={product.price} />],
    // An auction lot's price is where bidding starts, not what it sells at.
    [product.auctionStartDate ? t('fields.startingPrice') : t('fields.price'), euro(product.price, i18n.resolvedLanguage)],
    [t('fields.seller'), product.user.companyName],
    [t('fields.availableUntil'), formatDay(product.availableUntil, i18n.resolvedLanguage)],
    ...extra,
  ];
  return (
    <dl className="facts small mb-0">
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <dt className="fw-normal text-body-secondary">{k}</dt>
          <dd className="mb-1">{v}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
