import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ExportList } from '@primeur/shared';

/** The export address of a list with the filters the page shows and the reader's language (separator, decimal mark). */
export function exportUrl(list: ExportList, filters: Record<string, string | number | undefined | null>, lang: string) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  params.set('lang', lang);
  return `/api/admin/export/${list}.csv?${params.toString()}`;
}

/**
 * "Export CSV": a plain link to the streamed export (issue 26), so the browser saves the file as it
 * arrives and the session cookie goes with it; exports what the list's filters show.
 */
export function ExportCsvButton({
  list,
  filters = {},
  label,
  className,
}: {
  list: ExportList;
  filters?: Record<string, string | number | undefined | null>;
  label?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation('csv');
  return (
    <Button
      as="a"
      variant="outline-secondary"
      size="sm"
      className={className}
      href={exportUrl(list, filters, i18n.resolvedLanguage ?? 'en')}
      download={`${list}.csv`}
      title={t('export.title')}
      data-testid={`export-${list}`}
    >
      {label ?? t('export.button')}
    </Button>
  );
}
