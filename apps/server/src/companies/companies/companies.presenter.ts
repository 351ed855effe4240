import type { Client, Contact, NamedItem, ProductLink, Supplier } from '@primeur/shared';
import { SUPPLIER_PACKAGINGS } from '@primeur/shared';
import type { CompanyWithRefs } from './companies.repository.js';

export interface CompanyParts {
  certificates: NamedItem[];
  contacts: Contact[];
  products: ProductLink[];
}

type Packaging = (typeof SUPPLIER_PACKAGINGS)[number];
const isPackaging = (p: string): p is Packaging => (SUPPLIER_PACKAGINGS as readonly string[]).includes(p);

/** What suppliers and clients share (spec §3). */
function presentCompany({ company, carrier }: CompanyWithRefs, parts: CompanyParts) {
  return {
    id: company.id,
    company: company.company,
    certificates: parts.certificates,
    ict: company.ict,
    carrier: carrier && carrier.id !== null ? { id: carrier.id, carrier: carrier.carrier, price: Number(carrier.price) } : null,
    discount: Number(company.discount),
    contacts: parts.contacts,
    products: parts.products,
  };
}

export function presentClient(row: CompanyWithRefs, parts: CompanyParts): Client {
  return { ...presentCompany(row, parts), paymentTermDays: row.company.paymentTermDays };
}

export function presentSupplier(row: CompanyWithRefs, parts: CompanyParts): Supplier {
  const { company, country, city } = row;
  return {
    ...presentCompany(row, parts),
    packagings: company.packagings.filter(isPackaging),
    country: country && country.id !== null ? country : null,
    city: city && city.id !== null ? city : null,
    address: company.address,
  };
}
