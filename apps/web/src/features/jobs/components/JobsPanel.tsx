import { Badge, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@primeur/shared';
import { useJobs } from '../api/jobs';

/** Admin dashboard: each background job's last run (any instance) and its outcome (decision 524). */
export function JobsPanel() {
  const { t, i18n } = useTranslation('jobs');
  const jobs = useJobs();
  if (!jobs.data) return null;
  return (
    <Card className="mt-4" data-testid="jobs-panel">
      <Card.Header as="h2" className="h6 mb-0">
        {t('title')}
      </Card.Header>
      <Table responsive size="sm" className="mb-0">
        <thead>
          <tr>
            <th scope="col">{t('job')}</th>
            <th scope="col">{t('lastRun')}</th>
            <th scope="col">{t('outcome')}</th>
            <th scope="col" className="text-end">
              {t('runs')}
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.data.map((j) => (
            <tr key={j.name} data-testid={`job-${j.name}`}>
              <td>{t(`names.${j.name}`, { defaultValue: j.name })}</td>
              <td>{j.lastStartedAt ? formatDateTime(j.lastStartedAt, i18n.language) : t('never')}</td>
              <td>
                {j.lastOutcome === null ? (
                  '—'
                ) : (
                  <Badge bg={j.lastOutcome === 'ok' ? 'success' : 'danger'} title={j.lastError ?? undefined}>
                    {t(`outcomes.${j.lastOutcome}`)}
                  </Badge>
                )}
                {j.lastOutcome === 'failed' && j.lastError && <div className="small text-danger">{j.lastError}</div>}
              </td>
              <td className="text-end">{t('runCount', { runs: j.runCount, failures: j.failureCount })}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
