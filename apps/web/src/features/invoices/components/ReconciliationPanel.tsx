import { Alert, Button, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, type ReconciliationViolation } from '@primeur/shared';
import { paths } from '../../../lib/routes';
import { useReconciliation } from '../api/reconciliation';

function Subject({ subject }: { subject: ReconciliationViolation['subject'] }) {
  const { t } = useTranslation('invoices');
  const text = t(`reconciliation.subjects.${subject.type}`, { id: subject.id });
  return subject.type === 'order' ? <Link to={paths.adminOrder(subject.id)}>{text}</Link> : <>{text}</>;
}

/** Admin dashboard: the books' invariants (issue 32 §10), every violation with what breaks it and why. */
export function ReconciliationPanel() {
  const { t, i18n } = useTranslation('invoices');
  const report = useReconciliation();
  return (
    <Card className="mt-4" data-testid="reconciliation-panel">
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{t('reconciliation.title')}</h2>
        <Button size="sm" variant="outline-dark" onClick={() => void report.refetch()} disabled={report.isFetching}>
          {t('reconciliation.checkAgain')}
        </Button>
      </Card.Header>
      {report.isError && (
        <Alert variant="danger" className="m-3">
          {t('reconciliation.failed')}
        </Alert>
      )}
      {report.data && report.data.violations.length === 0 && (
        <Card.Body className="text-success">{t('reconciliation.balanced', { at: formatDateTime(report.data.checkedAt, i18n.language) })}</Card.Body>
      )}
      {report.data && report.data.violations.length > 0 && (
        <>
          <Card.Body className="text-danger pb-0">
            {t('reconciliation.found', { count: report.data.violations.length, at: formatDateTime(report.data.checkedAt, i18n.language) })}
          </Card.Body>
          <Table responsive size="sm" className="mb-0">
            <thead>
              <tr>
                <th scope="col">{t('reconciliation.rule')}</th>
                <th scope="col">{t('reconciliation.subject')}</th>
                <th scope="col">{t('reconciliation.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {report.data.violations.map((v, i) => (
                <tr key={`${v.rule}-${v.subject.type}-${v.subject.id}-${i}`} data-testid="violation">
                  <td>{t(`reconciliation.rules.${v.rule}`)}</td>
                  <td>
                    <Subject subject={v.subject} />
                  </td>
                  <td className="small">{v.detail}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Card>
  );
}
