import { ORDER_STATUSES } from '@primeur/shared';
import { optionsOf, type SelectSpec } from '../../../components/ListControls';

/** The status select of the order lists (the company's and the operator's); an unknown status shows "all". */
export function orderStatusFilter(t: (key: string) => string, status: string | undefined, cols?: string): SelectSpec {
  return { name: 'status', label: t('list.status'), all: t('list.allStatuses'), options: optionsOf(ORDER_STATUSES, t, 'status'), value: status ?? '', cols };
}
