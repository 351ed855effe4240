import { useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner, Table } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, type ImportCellError, type ImportKind, type ImportPreview, type ImportResult } from '@primeur/shared';
import { api, ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import { useToast } from '../Toasts';

/** Rows drawn in the preview table; every error is listed below it whatever the row count. */
const SHOWN_ROWS = 200;

const formOf = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

/**
 * "Import (CSV)" (issue 26): choose a file → the server checks every row and cell → a preview with the
 * refused cells marked by line and column → Import, enabled only when the file has no error. The
 * commit sends the file again and is checked again on the server, all or nothing.
 */
export function ImportCsvDialog({ kind, onImported }: { kind: ImportKind; onImported?: (imported: number) => void }) {
  const { t, i18n } = useTranslation('csv');
  const message = useErrorMessage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [show, setShow] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setRefusal(null);
    if (input.current) input.current.value = '';
  };
  const close = () => {
    setShow(false);
    reset();
  };

  const check = async (chosen: File | undefined) => {
    setPreview(null);
    setRefusal(null);
    setFile(chosen ?? null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) return setRefusal(message(new ApiError(413, 'PAYLOAD_TOO_LARGE', '')));
    setBusy('checking');
    try {
      setPreview(await api.post<ImportPreview>(`/api/admin/import/${kind}/preview`, formOf(chosen)));
    } catch (err) {
      setRefusal(message(err));
    } finally {
      setBusy(null);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy('importing');
    try {
      const { imported } = await api.post<ImportResult>(`/api/admin/import/${kind}/commit`, formOf(file));
      toast.show('success', { message: t('import.done', { count: imported }) });
      await queryClient.invalidateQueries();
      onImported?.(imported);
      close();
    } catch (err) {
      setRefusal(message(err));
    } finally {
      setBusy(null);
    }
  };

  const errorsAt = new Map<string, ImportCellError>();
  for (const e of preview?.errors ?? []) errorsAt.set(`${e.row}:${e.column.trim().toLowerCase()}`, e);
  const cellError = (row: number, column: string) => errorsAt.get(`${row}:${column.trim().toLowerCase()}`);
  const importable = !!file && !!preview && preview.errors.length === 0 && preview.rows.length > 0 && !busy;

  return (
    <>
      <Button variant="outline-primary" size="sm" onClick={() => setShow(true)} data-testid={`import-${kind}`}>
        {t(`import.open.${kind}`)}
      </Button>
      <Modal show={show} onHide={close} size="xl" fullscreen="lg-down" data-testid="import-dialog">
        <Modal.Header closeButton closeLabel={t('import.cancel')}>
          <Modal.Title as="h2" className="h5">
            {t(`import.title.${kind}`)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('import.intro')}</p>
          <p>
            <a href={`/api/admin/import/${kind}/template.csv?lang=${i18n.resolvedLanguage ?? 'en'}`} download={`${kind}-template.csv`}>
              {t('import.template')}
            </a>
          </p>
          <Form.Group controlId={`import-file-${kind}`} className="mb-3">
            <Form.Label>{t('import.file')}</Form.Label>
            <Form.Control ref={input} type="file" accept=".csv,text/csv" onChange={(e) => void check((e.target as HTMLInputElement).files?.[0])} />
          </Form.Group>
          {busy === 'checking' ? (
            <p role="status">
              <Spinner size="sm" className="me-2" aria-hidden="true" />
              {t('import.checking')}
            </p>
          ) : null}
          {refusal ? (
            <Alert variant="danger" data-testid="import-refusal">
              {refusal}
            </Alert>
          ) : null}
          {preview ? (
            <>
              <Alert variant={preview.errors.length ? 'warning' : 'success'} data-testid="import-summary">
                {t('import.rowsChecked', { count: preview.rows.length })}{' '}
                {preview.errors.length ? t('import.errorCount', { count: preview.errors.length }) : t('import.noErrors')}
              </Alert>
              {preview.errors.length ? (
                <Table size="sm" bordered responsive className="mb-3" data-testid="import-errors">
                  <thead>
                    <tr>
                      <th scope="col">{t('import.line')}</th>
                      <th scope="col">{t('import.column')}</th>
                      <th scope="col">{t('import.problem')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.errors.map((e) => (
                      <tr key={`${e.row}:${e.column}:${e.code}`} data-row={e.row} data-column={e.column}>
                        <td>{e.row}</td>
                        <td>
                          <code>{e.column}</code>
                        </td>
                        <td>{t(`codes.${e.code}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              ) : null}
              <Table size="sm" bordered striped responsive className="small" data-testid="import-preview">
                <thead>
                  <tr>
                    <th scope="col">{t('import.line')}</th>
                    {preview.columns.map((c, i) => {
                      const e = cellError(1, c);
                      return (
                        <th key={`${c}-${i}`} scope="col" className={e ? 'table-danger' : undefined} title={e ? t(`codes.${e.code}`) : undefined}>
                          {c}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.slice(0, SHOWN_ROWS).map((r) => (
                    <tr key={r.line} data-line={r.line}>
                      <th scope="row">{r.line}</th>
                      {preview.columns.map((c, i) => {
                        const e = cellError(r.line, c);
                        return (
                          <td
                            key={`${c}-${i}`}
                            className={e ? 'table-danger' : undefined}
                            title={e ? t(`codes.${e.code}`) : undefined}
                            aria-invalid={e ? true : undefined}
                            data-column={c}
                          >
                            {r.cells[i] ?? ''}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </Table>
              {preview.rows.length > SHOWN_ROWS ? <p className="text-body-secondary small">{t('import.shownRows', { count: SHOWN_ROWS })}</p> : null}
            </>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            {t('import.cancel')}
          </Button>
          <Button variant="primary" disabled={!importable} onClick={() => void commit()} data-testid="import-submit">
            {busy === 'importing' ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
            {busy === 'importing' ? t('import.importing') : t('import.submit')}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
