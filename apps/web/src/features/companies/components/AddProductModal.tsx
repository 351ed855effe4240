import { useMemo, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import Select from 'react-select';
import { useTranslation } from 'react-i18next';
import type { Article } from '@primeur/shared';
import { useArticles } from '../../../lib/lookups';
import type { CompanyKind } from '../api/get-company-options';
import { useAddProducts } from '../api/product-links';
import { articleName } from './article-label';
import { useNotify } from './notify';
import { pickerProps } from '../../../components/picker';

interface Props {
  kind: CompanyKind;
  ownerId: number;
  linkedIds: number[];
  show: boolean;
  onHide(): void;
}

/** Multi-select of the articles not yet linked to the company (spec §2); at least one is required (§5). */
export function AddProductModal({ kind, ownerId, linkedIds, show, onHide }: Props) {
  const { t, i18n } = useTranslation('companies');
  const lng = i18n.resolvedLanguage ?? 'en';
  const notify = useNotify();
  const { data: articles = [], isLoading } = useArticles();
  const add = useAddProducts(kind);
  const [picked, setPicked] = useState<readonly Article[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const options = useMemo(
    () => articles.filter((a) => !linkedIds.includes(a.id)).sort((a, b) => articleName(a, lng).localeCompare(articleName(b, lng), lng)),
    [articles, linkedIds, lng],
  );
  const invalid = submitted && picked.length === 0;

  const close = () => {
    setPicked([]);
    setSubmitted(false);
    onHide();
  };
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (picked.length === 0) return;
    try {
      await add.mutateAsync({ ownerId, productIds: picked.map((a) => a.id) });
      notify.saved();
      close();
    } catch (err) {
      notify.failed(err, 'default');
    }
  };

  return (
    <Modal show={show} onHide={close} centered size="lg" data-testid="add-product-modal">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={t('common:actions.close')}>
          <Modal.Title as="h2" className="h5">
            {t('products.addTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Label htmlFor="add-products-select">{t('products.choose')}</Form.Label>
          <Select<Article, true>
            inputId="add-products-select"
            isMulti
            options={options}
            value={picked}
            onChange={(v) => setPicked(v)}
            isLoading={isLoading}
            getOptionLabel={(a) => `${articleName(a, lng)} (${a.code})`}
            getOptionValue={(a) => String(a.id)}
            placeholder={t('common:select.placeholder')}
            noOptionsMessage={() => t('common:select.noOptions')}
            {...pickerProps<Article, true>(invalid)}
          />
          {invalid ? <div className="invalid-feedback d-block">{t('validation.selectProduct')}</div> : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {t('products.addSubmit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
