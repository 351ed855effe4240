import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, InputGroup, Row, Spinner } from 'react-bootstrap';
import Select from 'react-select';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { ExportCsvButton } from '../../../components/csv/ExportCsvButton';
import { ImportCsvDialog } from '../../../components/csv/ImportCsvDialog';
import { RecordHistorySlot } from '../../../components/RecordHistorySlot';
import { useToast } from '../../../components/Toasts';
import { useAddCompany } from '../api/add-company';
import { useDeleteCompany } from '../api/delete-company';
import type { CompanyOption } from '@primeur/shared';
import { useCompany } from '../api/get-company';
import { useCompanyOptions, type CompanyKind } from '../api/get-company-options';
import { ConfirmModal } from './ConfirmModal';
import { useNotify } from './notify';
import { pickerProps } from '../../../components/picker';

// The settings, contacts and products of the chosen company, with their forms: fetched when one is chosen.
const CompanyConfig = lazy(async () => ({ default: (await import('./CompanyConfig')).CompanyConfig }));

/** /intern/suppliers and /intern/clients (spec §2): pick or create a company, then configure it. */
export function CompaniesPage({ kind }: { kind: CompanyKind }) {
  const { t } = useTranslation('companies');
  const toast = useToast();
  const notify = useNotify();
  const { data: options, isLoading: optionsLoading, isError: optionsError } = useCompanyOptions(kind);
  const add = useAddCompany(kind);
  const remove = useDeleteCompany(kind);
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('id')) || null;
  const { data: selected = null, isLoading: companyLoading, isError: companyError } = useCompany(kind, selectedId);
  const isLoading = optionsLoading || companyLoading;
  const isError = optionsError || companyError;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (isError) toast.show('cantFetchData');
  }, [isError, toast]);

  const select = (id: number | null) =>
    setParams(
      (p) => {
        if (id) p.set('id', String(id));
        else p.delete('id');
        return p;
      },
      { replace: true },
    );

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setNameError(true);
    setNameError(false);
    try {
      const created = await add.mutateAsync(name.trim());
      setName('');
      select(created.id);
      notify.saved();
    } catch (err) {
      notify.failed(err);
    }
  };

  const onDelete = async () => {
    if (!selected) return;
    try {
      await remove.mutateAsync(selected.id);
      select(null);
      notify.saved();
    } catch (err) {
      notify.failed(err);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section>
      <PageTitle>{t(`${kind}.title`)}</PageTitle>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <ExportCsvButton list={kind === 'supplier' ? 'suppliers' : 'clients'} />
        {kind === 'supplier' ? <ExportCsvButton list="carriers" label={t('csv:export.carriers')} /> : null}
        <ImportCsvDialog kind={kind === 'supplier' ? 'supplier-prices' : 'client-products'} />
      </div>
      {isError ? <Alert variant="danger">{t('loadError')}</Alert> : null}
      <Card className="mb-4 shadow-sm">
        <Card.Body>
          <Row className="g-3 align-items-end">
            <Col lg={6}>
              <Form.Label htmlFor={`${kind}-picker`}>{t(`${kind}.pick`)}</Form.Label>
              <div className="d-flex gap-2">
                <div className="flex-grow-1">
                  <Select<CompanyOption>
                    inputId={`${kind}-picker`}
                    options={options ?? []}
                    value={options?.find((o) => o.id === selectedId) ?? null}
                    onChange={(c) => select(c?.id ?? null)}
                    isLoading={optionsLoading}
                    getOptionLabel={(c) => c.company}
                    getOptionValue={(c) => String(c.id)}
                    placeholder={t('common:select.placeholder')}
                    noOptionsMessage={() => t('common:select.noOptions')}
                    {...pickerProps<CompanyOption>()}
                  />
                </div>
                <Button variant="danger" disabled={!selected || remove.isPending} onClick={() => setConfirming(true)}>
                  {t(`${kind}.delete`)}
                </Button>
              </div>
            </Col>
            <Col lg={6}>
              <Form noValidate onSubmit={create}>
                <Form.Label htmlFor={`${kind}-new-name`}>{t(`${kind}.create`)}</Form.Label>
                <InputGroup hasValidation>
                  <Form.Control
                    id={`${kind}-new-name`}
                    value={name}
                    maxLength={160}
                    isInvalid={nameError}
                    onChange={(e) => setName(e.target.value)}
                    placeholder={t('companyName')}
                  />
                  <Button type="submit" variant="success" disabled={add.isPending}>
                    {t('common:actions.add')}
                  </Button>
                  <Form.Control.Feedback type="invalid">{t('validation.companyRequired')}</Form.Control.Feedback>
                </InputGroup>
              </Form>
            </Col>
          </Row>
        </Card.Body>
      </Card>
      {isLoading ? <Spinner role="status" aria-label={t('loading')} /> : null}
      {!isLoading && !selected ? <p className="text-body-secondary">{t(`${kind}.none`)}</p> : null}
      {selected ? (
        <div data-testid="company-config">
          <h2 className="h4 mb-3">{selected.company}</h2>
          <Suspense fallback={<Spinner role="status" aria-label={t('loading')} />}>
            <CompanyConfig key={selected.id} kind={kind} company={selected} />
          </Suspense>
          <RecordHistorySlot entity={kind} id={selected.id} revision={selected} />
        </div>
      ) : null}
      <ConfirmModal
        show={confirming}
        title={t(`${kind}.deleteTitle`)}
        body={t(`${kind}.deleteBody`, { name: selected?.company ?? '' })}
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

export const SuppliersPage = () => <CompaniesPage kind="supplier" />;
export const ClientsPage = () => <CompaniesPage kind="client" />;
