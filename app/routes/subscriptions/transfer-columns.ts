import { DIRECTION_LABELS, TRANSFER_STATUS_LABELS } from './labels.ts';
import type { RecordColumn } from './RecordTable.tsx';

/** What a listed transfer shows, on the practice's page and on staff's overview alike. */
interface ListedTransfer {
  businessName: string;
  direction: string;
  effectiveDate: string;
  status: string;
}

export function transferStateLabel(transfer: Pick<ListedTransfer, 'status'>): string {
  return TRANSFER_STATUS_LABELS[transfer.status] ?? transfer.status;
}

/** A transfers table's columns: client, where billing moves, when, and its state. */
export function transferColumns<T extends ListedTransfer>(
  stateOf: (transfer: T) => string = transferStateLabel,
): RecordColumn<T>[] {
  return [
    { label: 'Client', cell: (transfer) => transfer.businessName },
    {
      label: 'Billing moves',
      cell: (transfer) => DIRECTION_LABELS[transfer.direction] ?? transfer.direction,
    },
    { label: 'Effective', cell: (transfer) => transfer.effectiveDate },
    { label: 'State', cell: stateOf },
  ];
}
