import type { ReactNode } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDay, type AdminProduct, type QualityClass } from '@primeur/shared';

type Lng = 'en' | 'fr' | 'de' | 'es';
type LotFactsOf = Pick<AdminProduct, 'qualityClass' | 'variety' | 'packedOn' | 'globalGapNumber' | 'certificates'>;

const CLASS_BG: Record<QualityClass, string> = { EXTRA: 'success', I: 'primary', II: 'secondary' };

/** The lot's EU quality class as a badge ("Extra", "Class I", "Class II"). */
export function QualityBadge({ value }: { value: QualityClass }) {
  const { t } = useTranslation('marketplace');
  return (
    <Badge bg={CLASS_BG[value]} data-testid="quality-class" data-class={value}>
      {t(`lotFacts.class.${value}`)}
    </Badge>
  );
}

/**
 * The seller's certificates (decision 871): a "GLOBALG.A.P." badge with the number from its profile,
 * then the back-office certificates by their name in the reader's language. Nothing when it has none.
 */
export function CertificateBadges({ product }: { product: LotFactsOf }) {
  const { t, i18n } = useTranslation('marketplace');
  const lng = (i18n.resolvedLanguage ?? 'en') as Lng;
  const gap = product.globalGapNumber;
  const others = product.certificates.filter((c) => !(gap && c.name === 'GLOBALG.A.P.'));
  if (!gap && others.length === 0) return null;
  return (
    // A badge wraps inside its column when it is wider (the GLOBALG.A.P. number goes under its name in a
    // narrow card) rather than pushing the card, or the page at the right edge, wider.
    <span className="d-inline-flex flex-wrap gap-1 mw-100" data-testid="certificates">
      {gap ? (
        <Badge
          bg="success-subtle"
          text="success-emphasis"
          className="border border-success-subtle text-wrap text-start mw-100"
          title={t('lotFacts.globalGapNumber', { number: gap })}
        >
          GLOBALG.A.P. <span className="fw-normal">{gap}</span>
        </Badge>
      ) : null}
      {others.map((c) => (
        <Badge key={c.id} bg="light" text="dark" className="border text-wrap text-start mw-100">
          {c.names?.[lng] ?? c.name}
        </Badge>
      ))}
    </span>
  );
}

/** The lot's facts of issue 25 as rows of a definition list: class, then variety, packing day and certificates when known. */
export function useLotFactRows() {
  const { t, i18n } = useTranslation('marketplace');
  return (p: LotFactsOf): Array<[string, ReactNode]> => {
    const rows: Array<[string, ReactNode]> = [[t('lotFacts.qualityClass'), <QualityBadge key="c" value={p.qualityClass} />]];
    if (p.variety)
      rows.push([
        t('lotFacts.variety'),
        <span key="v" data-testid="variety">
          {p.variety}
        </span>,
      ]);
    if (p.packedOn) rows.push([t('lotFacts.packedOn'), formatDay(p.packedOn, i18n.resolvedLanguage)]);
    if (p.globalGapNumber || p.certificates.length) rows.push([t('lotFacts.certificates'), <CertificateBadges key="cert" product={p} />]);
    return rows;
  };
}
