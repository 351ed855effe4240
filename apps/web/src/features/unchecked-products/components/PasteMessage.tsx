import { useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { CompanyOption } from '@primeur/shared';
import { MAX_PASTED_MESSAGE } from '@primeur/shared';
import { useImportUnchecked } from '../api/import-unchecked';

/** Staff paste a supplier's message (from WhatsApp Web, an email…); it becomes rows like a webhook message. */
export function PasteMessage({ suppliers }: { suppliers: CompanyOption[] }) {
  const { t } = useTranslation('unchecked');
  const [text, setText] = useState('');
  const [supplierId, setSupplierId] = useState('');
  const imp = useImportUnchecked();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    imp.mutate({ text, supplierId: supplierId ? Number(supplierId) : null }, { onSuccess: () => setText('') });
  };
  return (
    <Card className="mb-4">
      <Card.Body>
        <Form onSubmit={submit}>
          <Form.Group controlId="paste-text" className="mb-2">
            <Form.Label>{t('paste.label')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              maxLength={MAX_PASTED_MESSAGE}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('paste.placeholder')}
            />
          </Form.Group>
          <div className="d-flex flex-wrap gap-2 align-items-end">
            <Form.Group controlId="paste-supplier">
              <Form.Label className="small mb-0">{t('supplier')}</Form.Label>
              <Form.Select size="sm" value={supplierId} onChange={(e) => setSupplierId(e.target.value)}>
                <option value="">{t('chooseSupplier')}</option>
                {suppliers.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.company}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Button type="submit" size="sm" disabled={!text.trim() || imp.isPending}>
              {t('paste.import')}
            </Button>
          </div>
        </Form>
        {imp.isSuccess && (
          <Alert variant={imp.data.imported ? 'success' : 'warning'} className="mt-3 mb-0 py-2" data-testid="paste-result">
            {imp.data.imported ? t('paste.imported', { count: imp.data.imported }) : t('paste.nothing')}
          </Alert>
        )}
        {imp.isError && (
          <Alert variant="danger" className="mt-3 mb-0 py-2">
            {t('paste.failed')}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
