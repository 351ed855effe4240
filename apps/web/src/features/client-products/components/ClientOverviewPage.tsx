import { useState } from 'react';
import { Alert, Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/LoadFailed';
import { useErrorMessage } from '../../../lib/error-message';
import { percent } from '../../../lib/format';
import { useClients, useDownloadPriceList } from '../api/price-list';

/** /intern/clientOverview: the clients, each with its price-list download (spec §2, §7). */
export function ClientOverviewPage() {
  const { t, i18n } = useTranslation('priceList');
  const lng = i18n.resolvedLanguage ?? 'en';
  const clients = useClients();
  const download = useDownloadPriceList();
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});

  const onDownload = (id: number) => {
    setPending(id);
    setErrors(({ [id]: _gone, ...rest }) => rest);
    download.mutate(id, {
      onError: (err) => setErrors((e) => ({ ...e, [id]: errorMessage(err) })),
      onSettled: () => setPending(null),
    });
  };

  const sorted = [...(clients.data ?? [])].sort((a, b) => a.company.localeCompare(b.company, lng));
  return (
    <>
      <PageTitle>{t('overview.title')}</PageTitle>
      {clients.isError && <LoadFailed message={t('common:toasts.cantFetchData')} onRetry={() => void clients.refetch()} />}
      {clients.isPending ? (
        <Spinner animation="border" role="status" />
      ) : sorted.length === 0 ? (
        <Alert variant="info">{t('overview.empty')}</Alert>
      ) : (
        <Table hover responsive className="align-middle" data-testid="client-overview">
          <thead>
            <tr>
              <th scope="col">{t('overview.company')}</th>
              <th scope="col">{t('overview.incoterm')}</th>
              <th scope="col">{t('overview.carrier')}</th>
              <th scope="col">{t('overview.discount')}</th>
              <th scope="col">{t('overview.products')}</th>
              <th scope="col" className="text-end">
                <span className="visually-hidden">{t('overview.download')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((c) => (
              <tr key={c.id} data-testid={`client-row-${c.id}`}>
                <td className="fw-semibold">{c.company}</td>
                <td>{c.ict}</td>
                <td>{c.carrier?.carrier ?? t('overview.noCarrier')}</td>
                <td>{percent(c.discount, lng)}</td>
                <td>{c.products.length}</td>
                <td className="text-end">
                  <Button size="sm" disabled={pending === c.id} onClick={() => onDownload(c.id)} aria-label={`${t('overview.download')} — ${c.company}`}>
                    {pending === c.id ? (
                      <>
                        <Spinner size="sm" animation="border" className="me-1" /> {t('overview.downloading')}
                      </>
                    ) : (
                      <>⤓ {t('overview.download')}</>
                    )}
                  </Button>
                  {errors[c.id] && (
                    <Alert variant="danger" className="py-1 px-2 mt-1 mb-0 small text-start" role="alert">
                      {t('overview.failed', { reason: errors[c.id] })}
                    </Alert>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
