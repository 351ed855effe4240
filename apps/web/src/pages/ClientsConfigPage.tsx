import { ProductRowSlotProvider } from '../components/ProductRowSlot';
import { ClientsPage } from '../features/companies/components/CompaniesPage';
import { ClientVariantRows } from '../features/client-products/components/ClientVariantRows';
import { WithRecordHistory } from './RecordHistory';

/** /intern/clients: the client configuration, whose product rows expand to their variants (client-products feature), with its history. */
export function ClientsConfigPage() {
  return (
    <ProductRowSlotProvider render={(p) => (p.kind === 'client' ? <ClientVariantRows clientId={p.ownerId} link={p.link} colSpan={p.colSpan} /> : null)}>
      <WithRecordHistory>
        <ClientsPage />
      </WithRecordHistory>
    </ProductRowSlotProvider>
  );
}
