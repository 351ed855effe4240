import { useState } from 'react';
import { Alert, Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { UNCHECKED_PAGE_SIZE, type MoveUncheckedBody } from '@primeur/shared';
import { PageTitle } from '../../../components/PageTitle';
import { useUndoableDelete } from '../../../lib/use-undoable-delete';
import { useToast } from '../../../components/Toasts';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorCode, useErrorMessage } from '../../../lib/error-message';
import { useDeleteUnchecked } from '../api/delete-unchecked';
import { useArticles, useBoxes, useCountries as useOrigins, usePackagings, useSupplierOptions } from '../../../lib/lookups';
import { useMoveUnchecked } from '../api/move-unchecked';
import { useUncheckedPage } from '../api/unchecked-page';
import { PasteMessage } from './PasteMessage';
import { UncheckedRow } from './UncheckedRow';
import { UnparsedMessages } from './UnparsedMessages';

/** /intern/supplierProductsUnchecked: offers received by WhatsApp (or pasted), checked and moved in a few clicks. */
export function UncheckedProductsPage() {
  const { t } = useTranslation('unchecked');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const [page, setPage] = useState(0);
  const list = useUncheckedPage(page);
  const suppliers = useSupplierOptions();
  const articles = useArticles();
  const origins = useOrigins();
  const packagings = usePackagings();
  const boxes = useBoxes();
  const move = useMoveUnchecked();
  const remove = useDeleteUnchecked();
  const [busyId, setBusyId] = useState<number | null>(null);

  const lookups =
    suppliers.data && articles.data && origins.data && packagings.data && boxes.data
      ? { suppliers: suppliers.data, articles: articles.data, origins: origins.data, packagings: packagings.data, boxes: boxes.data }
      : null;
  // The rows need every list they choose from: one that failed says so with a retry, never an endless spinner.
  const failed = [list, suppliers, articles, origins, packagings, boxes].filter((q) => q.isError);
  const retryFailed = () => failed.forEach((q) => void q.refetch());

  const onMove = (id: number, body: MoveUncheckedBody) => {
    // Spec §4: adding without a chosen supplier is refused, before any call.
    if (body.supplierId === null) {
      toast.show('noGivenSupplier');
      return;
    }
    setBusyId(id);
    move.mutate(
      { id, body },
      {
        onSuccess: () => toast.show('success', { message: t('moved') }),
        onError: (err) => {
          // Two refusals have the spec's own toasts (§8); any other says why in the reader's language.
          const code = errorCode(err);
          if (code === 'MISSING_SUPPLIER') toast.show('noGivenSupplier');
          else if (code === 'PRODUCT_NOT_IN_SUPPLIER_LIST') toast.show('productAddError');
          else toast.show('dataModifiedError', { detail: errorMessage(err) });
        },
        onSettled: () => setBusyId(null),
      },
    );
  };

  // An unchecked line is a small thing to lose: it goes at once with an undo toast, deleted when the toast closes.
  const { hidden, deleteWithUndo } = useUndoableDelete(remove.mutate, () => toast.show('productDeleteError'));
  const onDelete = (id: number, line: string) => deleteWithUndo(id, t('deletedLine', { line }));

  const rows = (list.data?.content ?? []).filter((r) => !hidden.has(r.id));
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <p className="text-body-secondary">{t('intro')}</p>
      {suppliers.data && <PasteMessage suppliers={suppliers.data} />}
      <UnparsedMessages />
      {failed.length > 0 && <LoadFailed message={t('loadFailed')} onRetry={retryFailed} busy={failed.some((q) => q.isFetching)} />}
      {failed.length > 0 ? null : list.isPending || !lookups ? (
        <Spinner animation="border" role="status" aria-label={t('loading')} />
      ) : rows.length === 0 ? (
        <Alert variant="info" data-testid="unchecked-empty">
          {page === 0 ? t('empty') : t('emptyPage')}
        </Alert>
      ) : (
        <Table responsive bordered size="sm" className="align-top table-cards-lg" data-testid="unchecked-table">
          <thead>
            <tr>
              <th scope="col">{t('message')}</th>
              <th scope="col" colSpan={2}>
                {t('offer')}
              </th>
              <th scope="col" className="text-end">
                {t('actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <UncheckedRow
                key={row.id}
                row={row}
                lookups={lookups!}
                busy={busyId === row.id}
                onMove={(body) => onMove(row.id, body)}
                onDelete={() => onDelete(row.id, row.line)}
              />
            ))}
          </tbody>
        </Table>
      )}
      {/* While the next page loads the previous one stays on screen (keepPreviousData): moving on is refused
          until it is there, or a quick second click would skip a page or land past the last one. */}
      <nav
        className="d-flex justify-content-between align-items-center"
        aria-label={t('paging')}
        aria-busy={list.isPlaceholderData}
        data-testid="unchecked-paging"
      >
        <Button variant="outline-secondary" size="sm" disabled={page === 0} onClick={() => setPage((p) => Math.max(0, p - 1))}>
          {t('previous')}
        </Button>
        <span className="small text-body-secondary" data-testid="unchecked-page">
          {t('pageOf', { page: page + 1, total: Math.max(1, list.data?.totalPages ?? 1), count: list.data?.totalElements ?? 0 })}
        </span>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={list.isPlaceholderData || rows.length < UNCHECKED_PAGE_SIZE}
          onClick={() => setPage((p) => p + 1)}
        >
          {t('next')}
        </Button>
      </nav>
    </>
  );
}
