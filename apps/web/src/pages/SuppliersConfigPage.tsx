import { SuppliersPage } from '../features/companies/components/CompaniesPage';
import { WithRecordHistory } from './RecordHistory';

/** /intern/suppliers: the supplier configuration with the supplier's history of changes. */
export function SuppliersConfigPage() {
  return (
    <WithRecordHistory>
      <SuppliersPage />
    </WithRecordHistory>
  );
}
