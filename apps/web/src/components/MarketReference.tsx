import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { REFERENCE_DAYS, addDays, formatDay, referencePercent, todayInParis, type MarketReference, type MarketReferenceSummary } from '@primeur/shared';
import { euro, signedPercent } from '../lib/format';
import { useArticleReference, useLotReference } from '../lib/market-reference';
import { Sparkline } from './Sparkline';
import { SectionCard } from './SectionCard';

/**
 * The wholesale market reference beside a decision (issue 25, decision 860): the room's panel, the
 * cards' one line, the lot form's hint. The figures come from the server (one matching rule there);
 * the percent follows the price shown here (the live highest bid, the price being typed) through the
 * shared `referencePercent`.
 */

/** "+4 % above today's market average", "−3 % below the market average of 24 Nov 2026", "At today's market average". */
export function usePercentText() {
  const { t, i18n } = useTranslation('reference');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (price: number, ref: Pick<MarketReferenceSummary, 'avg' | 'date'>) => {
    const p = referencePercent(price, ref.avg);
    const side = p > 0 ? 'above' : p < 0 ? 'below' : 'equal';
    const today = ref.date === todayInParis();
    return t(`percent.${side}${today ? '' : 'Dated'}`, { percent: signedPercent(p, lng), date: formatDay(ref.date, lng) });
  };
}

function useFamilyName() {
  const { t } = useTranslation('catalog');
  return (subfamily: string) => t(`subfamilies.${subfamily}`, { defaultValue: subfamily });
}

function NoReference() {
  const { t } = useTranslation('reference');
  return (
    <p className="small text-body-secondary mb-0" data-testid="reference-none">
      {t('none')}
    </p>
  );
}

/** The full panel: the day's min / average / max, the 30-day trend, grower prices, the price against the average. */
export function MarketReferencePanel({ reference, price }: { reference: MarketReference | null; price?: number | null }) {
  const { t, i18n } = useTranslation('reference');
  const lng = i18n.resolvedLanguage ?? 'en';
  const percentText = usePercentText();
  const familyName = useFamilyName();
  if (!reference) return <NoReference />;
  const r = reference;
  const kg = (v: number) => euro(v, lng, { perKg: true });
  const first = r.trend[0];
  const last = r.trend.at(-1);
  return (
    <div data-testid="reference-panel" data-matched-by={r.matchedBy}>
      <div className="small text-body-secondary" data-testid="reference-date">
        {r.date === todayInParis() ? t('sourceToday') : t('source', { date: formatDay(r.date, lng) })}
      </div>
      <dl className="row row-cols-3 g-0 text-center my-2" data-testid="reference-figures">
        {(['min', 'avg', 'max'] as const).map((k) => (
          <div key={k} className="col">
            <dt className="small fw-normal text-body-secondary">{t(k)}</dt>
            <dd className={`mb-0 ${k === 'avg' ? 'fw-semibold' : ''}`} data-testid={`reference-${k}`}>
              {kg(r[k])}
            </dd>
          </div>
        ))}
      </dl>
      {first && last && r.trend.length > 1 ? (
        <Sparkline
          points={r.trend}
          from={addDays(r.date, -(REFERENCE_DAYS - 1))}
          days={REFERENCE_DAYS}
          label={t('trend', { first: kg(first.avg), last: kg(last.avg) })}
        />
      ) : null}
      {price !== undefined && price !== null ? (
        <p className="mb-1 mt-2 fw-semibold" data-testid="reference-percent">
          {percentText(price, r)}
        </p>
      ) : null}
      {r.matchedBy === 'family' ? (
        <p className="small text-body-secondary mb-1" data-testid="reference-family">
          {t('family', { family: familyName(r.subfamily) })}
        </p>
      ) : null}
      {r.grower ? (
        <p className="small text-body-secondary mb-0" data-testid="reference-grower">
          {t('grower', { date: formatDay(r.grower.date, lng), min: kg(r.grower.min), max: kg(r.grower.max), avg: kg(r.grower.avg) })}
        </p>
      ) : null}
    </div>
  );
}

/** The panel in a card, for the lot `productId` at `price` (the live highest bid or the lot's price). */
export function LotMarketReference({ productId, price }: { productId: number; price: number }) {
  const { t } = useTranslation('reference');
  const { data, isLoading, isError } = useLotReference(productId);
  return (
    <SectionCard title={t('title')} testId="market-reference" className="shadow-sm mb-3" titleClassName="">
      {isLoading ? (
        <Spinner size="sm" role="status" aria-label={t('loading')} />
      ) : isError ? (
        <p className="small text-body-secondary mb-0">{t('failed')}</p>
      ) : (
        <MarketReferencePanel reference={data ?? null} price={price} />
      )}
    </SectionCard>
  );
}

/** The one line of a lot card: the day's range and average, and the lot's price against it. */
export function ReferenceLine({ reference, price }: { reference: MarketReferenceSummary | null | undefined; price: number }) {
  const { t, i18n } = useTranslation('reference');
  const lng = i18n.resolvedLanguage ?? 'en';
  const familyName = useFamilyName();
  if (reference === undefined) return null;
  if (reference === null) {
    return (
      <p className="small text-body-secondary mb-0 mt-1" data-testid="reference-line">
        {t('none')}
      </p>
    );
  }
  const kg = (v: number) => euro(v, lng, { perKg: true });
  const date = formatDay(reference.date, lng, 'dayMonth');
  const p = referencePercent(price, reference.avg);
  return (
    <p className="small text-body-secondary mb-0 mt-1" data-testid="reference-line" data-matched-by={reference.matchedBy}>
      {reference.matchedBy === 'article'
        ? t('line', { date, min: kg(reference.min), max: kg(reference.max), avg: kg(reference.avg) })
        : t('lineFamily', { date, family: familyName(reference.subfamily), avg: kg(reference.avg) })}{' '}
      · <span data-testid="reference-line-percent">{signedPercent(p, lng)}</span>
    </p>
  );
}

/**
 * The lot form's hint (beside the starting price and the reserve): the article's reference and where
 * each typed price stands against it. Takes the article and the prices as they are typed.
 */
export function ArticleMarketReference({
  articleId,
  price,
  reserve,
  auction = false,
}: {
  articleId: number | null | undefined;
  price?: number | null;
  reserve?: number | null;
  /** An auction lot: `price` is its starting price. */
  auction?: boolean;
}) {
  const { t } = useTranslation('reference');
  const { data, isLoading } = useArticleReference(articleId);
  const percentText = usePercentText();
  if (!articleId) return null;
  if (isLoading) return <Spinner size="sm" role="status" aria-label={t('loading')} />;
  return (
    <div className="border rounded p-2 small" data-testid="article-reference">
      <div className="fw-semibold">{t('title')}</div>
      <MarketReferencePanel reference={data ?? null} />
      {data && price ? (
        <div data-testid="article-reference-price">{t(auction ? 'form.starting' : 'form.price', { text: percentText(price, data) })}</div>
      ) : null}
      {data && reserve ? <div data-testid="article-reference-reserve">{t('form.reserve', { text: percentText(reserve, data) })}</div> : null}
    </div>
  );
}
