import { ProductRowSlotProvider } from '../components/ProductRowSlot';
import { ClientsPage } from '../features/companies/components/CompaniesPage';
import { ClientVariantRows } from '../features/client-products/components/ClientVariantRows';

/** /intern/clients: the client configuration, whose product rows expand to their variants (client-products feature). */
export function ClientsConfigPage() {
  return (
    <ProductRowSlotProvider render={(p) => (p.kind === 'client' ? <ClientVariantRows clientId={p.ownerId} link={p.link} colSpan={p.colSpan} /> : null)}>
      <ClientsPage />
    </ProductRowSlotProvider>
  );
}
