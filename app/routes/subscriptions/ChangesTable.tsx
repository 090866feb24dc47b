import { CHANGE_KIND_LABELS } from './labels.ts';
import { RecordTable, type RecordColumn } from './RecordTable.tsx';

/** A line of a subscription's history, as the services give it. */
export interface ChangeLine {
  id: string;
  kind: string;
  businessName: string;
  fromPlan: string | null;
  toPlan: string | null;
  detail: string;
  effectiveDate: string;
  amount: string;
  occurredAt: string;
}

/** A history of subscription changes, newest first; the client column for a practice's. */
export function ChangesTable({
  changes,
  caption,
  showClient,
}: {
  changes: readonly ChangeLine[];
  caption: string;
  showClient: boolean;
}) {
  const columns: RecordColumn<ChangeLine>[] = [
    { label: 'Date', cell: (change) => change.occurredAt.slice(0, 10) },
    ...(showClient ? [{ label: 'Client', cell: (change: ChangeLine) => change.businessName }] : []),
    { label: 'Change', cell: (change) => CHANGE_KIND_LABELS[change.kind] ?? change.kind },
    { label: 'Plan', cell: planChange },
    { label: 'Effective', cell: (change) => change.effectiveDate },
    { label: 'Amount', money: true, cell: (change) => change.amount },
    { label: 'Detail', cell: (change) => change.detail },
  ];
  return (
    <RecordTable
      caption={caption}
      records={changes}
      rowKey={(change) => change.id}
      columns={columns}
    />
  );
}

function planChange(change: ChangeLine): string {
  if (change.fromPlan && change.toPlan && change.fromPlan !== change.toPlan) {
    return `${change.fromPlan} → ${change.toPlan}`;
  }
  return change.toPlan ?? change.fromPlan ?? '';
}
