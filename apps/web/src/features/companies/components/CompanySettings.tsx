import { useState, type ReactNode } from 'react';
import { Card, Col, Form, Row, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import Select from 'react-select';
import { useTranslation } from 'react-i18next';
import { INCOTERMS, MAX_PAYMENT_TERM_DAYS, SUPPLIER_PACKAGINGS, type Client, type Incoterm, type NamedItem, type Supplier } from '@primeur/shared';
import { CitySelect, CountrySelect } from '../../../components/CountrySelect';
import { DecimalField, decimalProblemText, type DecimalProblem, type DecimalRules } from '../../../components/DecimalField';
import { useCatalogLabels, useCertificates } from '../../../lib/lookups';
import type { Company } from '../api/company-cache';
import type { CompanyKind } from '../api/get-company-options';
import { useSetCertificates } from '../api/set-certificates';
import { useSetDiscount } from '../api/set-discount';
import { useSetIct } from '../api/set-ict';
import { useSetPaymentTerms } from '../api/set-payment-terms';
import { ConfirmModal } from './ConfirmModal';
import { useSetAddress, useSetCity, useSetCountry, useSetPackagings } from '../api/set-supplier-fields';
import { CarrierField } from './CarrierField';
import { useNotify } from './notify';
import { pickerProps } from '../../../components/picker';

/** The incoterm under which the company's carrier is shown: FOB for suppliers, CIF for clients (spec §2). */
export const CARRIER_INCOTERM: Record<CompanyKind, Incoterm> = { supplier: 'FOB', client: 'CIF' };

const isSupplier = (kind: CompanyKind, c: Company): c is Supplier => kind === 'supplier' && 'packagings' in c;
const isClient = (kind: CompanyKind, c: Company): c is Client => kind === 'client' && 'paymentTermDays' in c;

/** Incoterm, carrier, discount, certificates, (clients) payment terms and (suppliers) packagings, country, city and address. */
export function CompanySettings({ kind, company }: { kind: CompanyKind; company: Company }) {
  const { t, i18n } = useTranslation('companies');
  const notify = useNotify();
  const done = { onSuccess: notify.saved, onError: (e: unknown) => notify.failed(e) };
  const setIct = useSetIct(kind);
  const setDiscount = useSetDiscount(kind);
  const setCerts = useSetCertificates(kind);
  const { data: certificates = [] } = useCertificates();
  const labels = useCatalogLabels();

  // Leaving the carrier's incoterm drops the carrier on the server (decision 102): ask first when there is one.
  const [pendingIct, setPendingIct] = useState<Incoterm | null>(null);
  const onIct = (value: Incoterm) => {
    if (company.ict === CARRIER_INCOTERM[kind] && value !== company.ict && company.carrier) setPendingIct(value);
    else setIct.mutate({ id: company.id, value }, done);
  };

  return (
    <Card className="mb-4 shadow-sm">
      <Card.Body>
        <Row className="g-3">
          <Col md={6} lg={4}>
            <Form.Label as="div" id="ict-label">
              {t('settings.incoterm')}
            </Form.Label>
            <ToggleButtonGroup type="radio" name={`ict-${company.id}`} value={company.ict} aria-labelledby="ict-label" onChange={onIct}>
              {INCOTERMS.map((v) => (
                <ToggleButton key={v} id={`ict-${v}`} value={v} variant="outline-primary" disabled={setIct.isPending}>
                  {v}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Col>
          {company.ict === CARRIER_INCOTERM[kind] ? (
            <Col md={6} lg={8} data-testid="carrier-field">
              <Form.Label htmlFor={`carrier-${kind}`}>{t('settings.carrier')}</Form.Label>
              <CarrierField kind={kind} companyId={company.id} carrier={company.carrier} />
            </Col>
          ) : null}
          <SavedAmountField
            id="company-discount"
            label={t('settings.discount')}
            cols={{ md: 4, lg: 3 }}
            value={company.discount}
            rules={{ min: 0, max: 100, maxDecimals: 2 }}
            unit={() => '%'}
            problemText={(problem) =>
              problem === 'belowMin' || problem === 'aboveMax' || problem === 'empty'
                ? t('validation.discountRange')
                : decimalProblemText(t, problem, i18n.resolvedLanguage ?? 'en', { maxDecimals: 2 })
            }
            save={(value, handlers) => setDiscount.mutate({ id: company.id, value }, handlers)}
          />
          <Col md={8} lg={9}>
            <Form.Label htmlFor="company-certificates">{t('settings.certificates')}</Form.Label>
            <Select<NamedItem, true>
              inputId="company-certificates"
              isMulti
              options={certificates}
              value={company.certificates}
              onChange={(v) => setCerts.mutate({ id: company.id, ids: v.map((c) => c.id) }, done)}
              isLoading={setCerts.isPending}
              getOptionLabel={(c) => labels.certificate(c)}
              getOptionValue={(c) => String(c.id)}
              placeholder={t('common:select.placeholder')}
              noOptionsMessage={() => t('common:select.noOptions')}
              {...pickerProps<NamedItem, true>()}
            />
          </Col>
          {isClient(kind, company) ? <PaymentTermsField client={company} /> : null}
          {isSupplier(kind, company) ? <SupplierFields supplier={company} /> : null}
        </Row>
      </Card.Body>
      <ConfirmModal
        show={pendingIct !== null}
        title={t('settings.ictChangeTitle', { ict: pendingIct ?? '' })}
        body={t('settings.ictChangeBody', { carrier: company.carrier?.carrier ?? '', ict: pendingIct ?? '' })}
        confirmLabel={t('settings.ictChangeConfirm', { ict: pendingIct ?? '' })}
        busy={setIct.isPending}
        onCancel={() => setPendingIct(null)}
        onConfirm={() => {
          if (pendingIct) setIct.mutate({ id: company.id, value: pendingIct }, { ...done, onSettled: () => setPendingIct(null) });
        }}
      />
    </Card>
  );
}

/**
 * The client's payment terms in whole days from the invoice date (decision 956), saved on blur or
 * Enter. The field refuses what the server would (a fraction such as "30,5", a number outside 0 to
 * the legal cap) before sending it, with one sentence that says what is accepted.
 */
export function PaymentTermsField({ client }: { client: Client }) {
  const { t } = useTranslation('companies');
  const setTerms = useSetPaymentTerms();
  return (
    <SavedAmountField
      id="client-payment-terms"
      label={t('settings.paymentTerms')}
      cols={{ md: 6, lg: 4 }}
      value={client.paymentTermDays}
      rules={{ min: 0, max: MAX_PAYMENT_TERM_DAYS, maxDecimals: 0 }}
      unit={(shown) => t('settings.days', { count: shown ?? client.paymentTermDays })}
      problemText={() => t('validation.paymentTerms', { max: MAX_PAYMENT_TERM_DAYS })}
      help={t('settings.paymentTermsHelp', { cap: MAX_PAYMENT_TERM_DAYS })}
      pending={setTerms.isPending}
      save={(value, handlers) => setTerms.mutate({ id: client.id, value }, handlers)}
    />
  );
}

interface SavedAmountFieldProps {
  id: string;
  label: string;
  cols: { md: number; lg: number };
  /** The stored amount; a save that changes nothing is not sent. */
  value: number;
  rules: Required<Pick<DecimalRules, 'min' | 'max' | 'maxDecimals'>>;
  /** The unit after the field, for the amount being typed (null while it reads as none). */
  unit: (shown: number | null) => ReactNode;
  /** The one sentence under the field when the typed text is refused. */
  problemText: (problem: DecimalProblem) => string;
  help?: string;
  /** Disables the field while a save is on its way. */
  pending?: boolean;
  save: (value: number, handlers: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
}

/**
 * A company's amount setting (discount, payment terms): a required amount with its unit, saved on
 * blur or Enter, refused in one sentence before anything is sent, and put back as stored when the
 * server refuses the save.
 */
function SavedAmountField({ id, label, cols, value, rules, unit, problemText, help, pending, save }: SavedAmountFieldProps) {
  const notify = useNotify();
  // A refused save puts the stored amount back in the field.
  const [revision, setRevision] = useState(0);
  const [problem, setProblem] = useState<DecimalProblem | null>(null);
  const [shown, setShown] = useState<number | null>(value);
  const commit = (next: number | null) => {
    if (next === null || next === value) return;
    save(next, { onSuccess: notify.saved, onError: (e: unknown) => (setRevision((r) => r + 1), notify.failed(e)) });
  };
  const describedBy = [problem ? `${id}-problem` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group as={Col} md={cols.md} lg={cols.lg} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <div className="input-group has-validation">
        <DecimalField
          id={id}
          value={value}
          revision={revision}
          {...rules}
          required
          feedback={false}
          disabled={pending}
          aria-describedby={describedBy}
          onChange={(next, p) => (setProblem(p), setShown(next))}
          onCommit={commit}
        />
        <span className="input-group-text">{unit(shown)}</span>
        {problem ? (
          <Form.Control.Feedback type="invalid" className="d-block" id={`${id}-problem`}>
            {problemText(problem)}
          </Form.Control.Feedback>
        ) : null}
      </div>
      {help ? <Form.Text id={`${id}-help`}>{help}</Form.Text> : null}
    </Form.Group>
  );
}

type PackagingOption = { value: (typeof SUPPLIER_PACKAGINGS)[number] };

function SupplierFields({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation('companies');
  const notify = useNotify();
  const done = { onSuccess: notify.saved, onError: (e: unknown) => notify.failed(e) };
  const setPackagings = useSetPackagings();
  const setCountry = useSetCountry();
  const setCity = useSetCity();
  const setAddress = useSetAddress();
  const [address, setAddressText] = useState(supplier.address);
  const packagingOptions: PackagingOption[] = SUPPLIER_PACKAGINGS.map((value) => ({ value }));
  const saveAddress = () => {
    if (address.trim() === supplier.address) return;
    setAddress.mutate({ id: supplier.id, address: address.trim() }, done);
  };
  return (
    <>
      <Col md={6}>
        <Form.Label htmlFor="supplier-packagings">{t('settings.packagings')}</Form.Label>
        <Select<PackagingOption, true>
          inputId="supplier-packagings"
          isMulti
          options={packagingOptions}
          value={packagingOptions.filter((o) => supplier.packagings.includes(o.value))}
          onChange={(v) => setPackagings.mutate({ id: supplier.id, packagings: v.map((o) => o.value) }, done)}
          getOptionLabel={(o) => t(`packagings.${o.value}`)}
          getOptionValue={(o) => o.value}
          placeholder={t('common:select.placeholder')}
          noOptionsMessage={() => t('common:select.noOptions')}
          {...pickerProps<PackagingOption, true>()}
        />
      </Col>
      <Col md={6}>
        <Form.Label htmlFor="supplier-country">{t('settings.country')}</Form.Label>
        <CountrySelect
          inputId="supplier-country"
          value={supplier.country}
          onChange={(c) => c && c.id !== supplier.country?.id && setCountry.mutate({ id: supplier.id, countryId: c.id }, done)}
          isDisabled={setCountry.isPending}
        />
      </Col>
      <Col md={6}>
        <Form.Label htmlFor="supplier-city">{t('settings.city')}</Form.Label>
        <CitySelect
          inputId="supplier-city"
          alpha2={supplier.country?.alpha2}
          value={supplier.city}
          onChange={(c) => c && setCity.mutate({ id: supplier.id, cityId: c.id }, done)}
          isDisabled={setCity.isPending}
        />
      </Col>
      <Form.Group as={Col} md={6} controlId="supplier-address">
        <Form.Label>{t('settings.address')}</Form.Label>
        <Form.Control
          value={address}
          maxLength={300}
          onChange={(e) => setAddressText(e.target.value)}
          onBlur={saveAddress}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), saveAddress())}
        />
      </Form.Group>
    </>
  );
}
