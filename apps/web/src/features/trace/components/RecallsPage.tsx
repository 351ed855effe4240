import { Alert, Badge, Card, Spinner, Table } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type RecallSummary } from '@primeur/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { paths } from '../../../lib/routes';
import { useRecall, useRecalls } from '../api/recalls';

/** A duration from minutes: seconds under a minute, then minutes, then hours and minutes. */
export function formatDuration(minutes: number): string {
  if (minutes < 1) return `${Math.round(minutes * 60)} s`;
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const h = Math.floor(minutes / 60);
  return `${h} h ${String(Math.round(minutes - h * 60)).padStart(2, '0')} min`;
}

const KindBadge = ({ r }: { r: Pick<RecallSummary, 'exercise'> }) => {
  const { t } = useTranslation('trace');
  return r.exercise ? <Badge bg="info">{t('recall.exerciseBadge')}</Badge> : <Badge bg="danger">{t('recall.realBadge')}</Badge>;
};

/** /admin/recalls (issue 37 §5): every recall and drill, newest first, with how many buyers acknowledged. */
export function RecallsPage() {
  const { t, i18n } = useTranslation('trace');
  const list = useRecalls();
  return (
    <section>
      <PageTitle>{t('recall.listTitle')}</PageTitle>
      {list.isLoading ? <Spinner role="status" aria-label={t('recall.listTitle')} /> : null}
      {list.isError ? <LoadFailed onRetry={() => void list.refetch()} busy={list.isFetching} /> : null}
      {list.data && list.data.length === 0 ? <p className="text-body-secondary">{t('recall.none')}</p> : null}
      {list.data && list.data.length > 0 ? (
        <div className="table-responsive">
          <Table hover size="sm" data-testid="recalls-table">
            <thead>
              <tr>
                <th scope="col">{t('recall.started')}</th>
                <th scope="col">{t('pdf.lot')}</th>
                <th scope="col">{t('recall.kind')}</th>
                <th scope="col">{t('recall.acknowledged')}</th>
                <th scope="col">{t('recall.duration')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={paths.adminRecall(r.id)}>{formatDateTime(r.startedAt, i18n.resolvedLanguage)}</Link>
                  </td>
                  <td>
                    {r.lotNumber} · {r.lotTitle}
                  </td>
                  <td>
                    <KindBadge r={r} />
                  </td>
                  <td>
                    {r.acknowledged} / {r.buyers}
                  </td>
                  <td>{r.minutesToComplete === null ? '—' : formatDuration(r.minutesToComplete)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
    </section>
  );
}

/** /admin/recalls/{id}: the recall's report — each buyer told, its pallets, and when it acknowledged. */
export function RecallPage() {
  const { t, i18n } = useTranslation('trace');
  const { recallId } = useParams();
  const id = /^\d{1,9}$/.test(recallId ?? '') ? Number(recallId) : 0;
  const r = useRecall(id);
  const at = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);
  if (r.isLoading) return <Spinner role="status" aria-label={t('recall.listTitle')} />;
  if (!r.data) return <LoadFailed onRetry={() => void r.refetch()} busy={r.isFetching} />;
  const d = r.data;
  return (
    <section data-testid="recall-report">
      <Link to={paths.adminRecalls} className="small d-inline-block mb-2">
        ← {t('recall.listTitle')}
      </Link>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <PageTitle className="h3 mb-0">{t('recall.reportTitle', { lot: d.lotNumber })}</PageTitle>
        <KindBadge r={d} />
      </div>
      <p className="mb-1">
        {d.lotTitle} · {t('recall.startedAt', { at: at(d.startedAt) })}
      </p>
      <p className="text-body-secondary">{d.reason}</p>
      <Alert variant={d.completedAt ? 'success' : 'warning'} data-testid="recall-progress">
        {d.completedAt
          ? t('recall.complete', { count: d.buyers, duration: formatDuration(d.minutesToComplete ?? 0), at: at(d.completedAt) })
          : t('recall.waiting', { acknowledged: d.acknowledged, buyers: d.buyers })}
        {d.lotWithdrawn ? ` ${t('recall.withdrawn')}` : ''}
      </Alert>
      <Card>
        <div className="table-responsive">
          <Table size="sm" className="mb-0">
            <thead>
              <tr>
                <th scope="col">{t('pdf.buyer')}</th>
                <th scope="col">{t('pdf.pallets')}</th>
                <th scope="col">{t('recall.acknowledgedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {d.notices.map((n) => (
                <tr key={n.id} data-testid="recall-notice" data-acknowledged={n.acknowledgedAt !== null}>
                  <td>{n.companyName}</td>
                  <td className="small">
                    {n.orders.map((o) => (
                      <div key={o.orderId}>
                        <Link to={paths.adminOrder(o.orderId)}>{o.number}</Link>: <span className="font-monospace text-break">{o.codes.join(', ') || '—'}</span>
                      </div>
                    ))}
                  </td>
                  <td>
                    {n.acknowledgedAt ? (
                      `${at(n.acknowledgedAt)} (${formatDuration(n.minutesToAcknowledge ?? 0)})`
                    ) : (
                      <Badge bg="warning" text="dark">
                        {t('recall.notYet')}
                      </Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </Card>
    </section>
  );
}
