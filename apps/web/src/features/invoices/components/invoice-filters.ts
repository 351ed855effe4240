import { INVOICE_STATUSES } from '@primeur/shared';
import { optionsOf, type SelectSpec } from '../../../components/ListControls';

/** The status select of the invoice lists (the company's and the operator's); an unknown status shows "all". */
export function invoiceStatusFilter(t: (key: string) => string, status: string | undefined): SelectSpec {
  return { name: 'status', label: t('list.status'), all: t('list.allStatuses'), options: optionsOf(INVOICE_STATUSES, t, 'status'), value: status ?? '' };
}
