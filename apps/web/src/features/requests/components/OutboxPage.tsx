import { Fragment, useState } from 'react';
import { Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@primeur/shared';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../api/outbox';
import { useRetryMessage } from '../api/retry-message';
import { StatusBadge } from './StatusBadge';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/LoadFailed';

/**
 * /intern/outbox: every email the app produced with its delivery status, so nothing is silently
 * dropped — messages kept because no SMTP server is configured, and failed sends with their error.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation('requests');
  const errorMessage = useErrorMessage();
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const outbox = useOutbox(page);
  const data = outbox.data;
  const retry = useRetryMessage();
  const toast = useToast();
  const onRetry = (id: number) =>
    retry.mutate(id, {
      onSuccess: (m) => toast.show(m.status === 'sent' ? 'success' : 'default', { message: t(`status.${m.status}`) }),
      onError: (err) => {
        toast.show('default', { detail: errorMessage(err) });
      },
    });
  return (
    <>
      <PageTitle className="h3 mb-2">{t('outbox.title')}</PageTitle>
      <p className="text-muted">{t('outbox.intro')}</p>
      {outbox.isLoading ? (
        <Spinner animation="border" role="status" />
      ) : outbox.isError || !data ? (
        <LoadFailed message={t('common:toasts.cantFetchData')} onRetry={() => void outbox.refetch()} busy={outbox.isFetching} />
      ) : data.content.length === 0 ? (
        <p className="text-muted">{t('outbox.empty')}</p>
      ) : (
        <>
          <Table hover size="sm" className="align-middle" responsive>
            <thead>
              <tr>
                <th>{t('outbox.date')}</th>
                <th>{t('outbox.to')}</th>
                <th>{t('outbox.company')}</th>
                <th>{t('outbox.subject')}</th>
                <th>{t('outbox.language')}</th>
                <th>{t('outbox.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.content.map((m) => (
                <Fragment key={m.id}>
                  <tr data-testid={`outbox-${m.id}`} style={{ cursor: 'pointer' }} onClick={() => setOpen(open === m.id ? null : m.id)}>
                    <td className="text-nowrap">{formatDateTime(m.createdAt, i18n.resolvedLanguage)}</td>
                    <td>
                      {m.toName ? `${m.toName} ` : ''}
                      <span className="text-muted">&lt;{m.to}&gt;</span>
                    </td>
                    <td>{m.company}</td>
                    <td>
                      {/* The row opens on click; this button is its keyboard way in (a row cannot be a button). */}
                      <Button variant="link" size="sm" className="p-0 text-start" aria-expanded={open === m.id}>
                        {m.subject}
                      </Button>
                    </td>
                    <td>{m.language.toUpperCase()}</td>
                    <td>
                      <StatusBadge status={m.status} />
                      {m.error ? <div className="small text-danger">{m.error}</div> : null}
                      {m.status !== 'sent' ? (
                        <Button
                          size="sm"
                          variant="link"
                          className="p-0 d-block"
                          disabled={retry.isPending}
                          onClick={(e) => {
                            e.stopPropagation();
                            onRetry(m.id);
                          }}
                        >
                          {t('outbox.retry')}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                  {open === m.id ? (
                    <tr>
                      <td colSpan={6} className="bg-light">
                        {/* The plain-text body: shown as text, never as HTML. */}
                        <pre className="mb-0 small" style={{ whiteSpace: 'pre-wrap' }}>
                          {m.text}
                        </pre>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </tbody>
          </Table>
          <div className="d-flex gap-2 align-items-center">
            <Button size="sm" variant="outline-secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t('outbox.previous')}
            </Button>
            <span className="small text-muted">{t('outbox.pageOf', { page: page + 1, pages: Math.max(1, Math.ceil(data.total / OUTBOX_PAGE_SIZE)) })}</span>
            <Button size="sm" variant="outline-secondary" disabled={(page + 1) * OUTBOX_PAGE_SIZE >= data.total} onClick={() => setPage(page + 1)}>
              {t('outbox.next')}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
