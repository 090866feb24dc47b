import { CHANGE_KIND_LABELS } from './labels.ts';
import styles from './subscriptions.module.css';

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
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {showClient ? <th scope="col">Client</th> : null}
            <th scope="col">Change</th>
            <th scope="col">Plan</th>
            <th scope="col">Effective</th>
            <th scope="col" className={styles.money}>
              Amount
            </th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.id}>
              <td data-label="Date">{change.occurredAt.slice(0, 10)}</td>
              {showClient ? <td data-label="Client">{change.businessName}</td> : null}
              <td data-label="Change">{CHANGE_KIND_LABELS[change.kind] ?? change.kind}</td>
              <td data-label="Plan">{planChange(change)}</td>
              <td data-label="Effective">{change.effectiveDate}</td>
              <td data-label="Amount" className={styles.money}>
                {change.amount}
              </td>
              <td data-label="Detail">{change.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function planChange(change: ChangeLine): string {
  if (change.fromPlan && change.toPlan && change.fromPlan !== change.toPlan) {
    return `${change.fromPlan} → ${change.toPlan}`;
  }
  return change.toPlan ?? change.fromPlan ?? '';
}
