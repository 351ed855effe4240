import type { Supplier } from '@primeur/shared';
import type { CompanyKind } from '../api/get-company-options';
import type { Company } from '../api/get-company';
import { CompanySettings } from './CompanySettings';
import { ContactsSection } from './ContactsSection';
import { ProductsSection } from './ProductsSection';

/**
 * The chosen company's configuration: its settings, contacts and products, with their forms. A chunk
 * of its own, fetched once a company is chosen, so the page's first load stays within budget (decision 841).
 */
export function CompanyConfig({ kind, company }: { kind: CompanyKind; company: Company }) {
  return (
    <>
      <CompanySettings key={company.id} kind={kind} company={company} />
      <ContactsSection
        kind={kind}
        ownerId={company.id}
        contacts={company.contacts}
        countryCode={'country' in company ? (company as Supplier).country?.alpha2 : null}
      />
      <ProductsSection kind={kind} ownerId={company.id} products={company.products} />
    </>
  );
}
