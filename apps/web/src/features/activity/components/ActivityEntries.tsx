import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDecimal, type ActivityChange, type ActivityEntry, type ActivityValue } from '@primeur/shared';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A recorded value in the reader's language: decimals with their comma, instants as dates, yes/no. */
export function useActivityValue() {
  const { t, i18n } = useTranslation('activity');
  const lng = i18n.resolvedLanguage ?? 'en';
  const show = (v: ActivityValue): string => {
    if (v === null || v === '') return t('none');
    if (typeof v === 'boolean') return v ? t('yes') : t('no');
    if (typeof v === 'number') return formatDecimal(v, lng, { maxDecimals: 3 });
    if (Array.isArray(v)) return v.length ? v.map(show).join(', ') : t('none');
    if (ISO_INSTANT.test(v)) return formatDateTime(v, lng);
    // Amounts are stored as numeric text ("4.50"): shown with the reader's decimal separator.
    if (DECIMAL.test(v)) return formatDecimal(v, lng, { minDecimals: v.includes('.') ? 2 : 0, maxDecimals: 3 });
    return v;
  };
  return show;
}

function Change({ change }: { change: ActivityChange }) {
  const { t } = useTranslation('activity');
  const show = useActivityValue();
  return (
    <li data-testid="activity-change">
      <span className="fw-semibold">{t(`fields.${change.field}`, { defaultValue: change.field })}</span>{' '}
      <del className="text-body-secondary">{show(change.from)}</del> → <ins className="text-decoration-none">{show(change.to)}</ins>
    </li>
  );
}

/**
 * The entries of a history, newest first: when, who, what was done to which record and every field
 * that changed, old → new. `showRecord` names the record (the activity page lists several).
 */
export function ActivityEntries({ entries, showRecord = false }: { entries: ActivityEntry[]; showRecord?: boolean }) {
  const { t, i18n } = useTranslation('activity');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <ol className="list-unstyled mb-0">
      {entries.map((e) => (
        <li key={e.id} className="timeline-item pb-3" data-testid="activity-entry">
          <div className="d-flex flex-wrap gap-2 align-items-baseline">
            <time dateTime={e.at} className="text-body-secondary small">
              {formatDateTime(e.at, lng)}
            </time>
            <span className="fw-semibold">{t(`actions.${e.action}`)}</span>
            {showRecord ? <span>{t('record', { entity: t(`entities.${e.entity}`), id: e.entityId })}</span> : null}
            <span className="text-body-secondary small">{t('by', { name: e.user ? `${e.user.companyName} (${e.user.email})` : t('system') })}</span>
            {e.apiToken ? <span className="badge text-bg-light border">{t('viaToken', { name: e.apiToken.name })}</span> : null}
          </div>
          {e.changes.length ? (
            <ul className="list-unstyled small mb-0 mt-1">
              {e.changes.map((c) => (
                <Change key={c.field} change={c} />
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
