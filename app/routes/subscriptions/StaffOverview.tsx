import { Link } from 'react-router';
import communityStyles from '~app/components/community/community.module.css';
import type { StaffList } from './admin.server.ts';
import { RecordTable } from './RecordTable.tsx';
import { transferColumns } from './transfer-columns.ts';
import styles from './subscriptions.module.css';

/*
 * Staff's lists of every practice's orders, transfers and audit entries, newest first, each
 * paged on its own by "Newer" and "Older" links that keep the page in the address.
 */

interface StaffOrder {
  id: string;
  number: string;
  practiceId: string;
  practiceName: string;
  placedAt: string;
  total: string;
  taxLabel: string;
  tax: string;
}

interface StaffTransfer {
  id: string;
  practiceId: string;
  practiceName: string;
  businessName: string;
  direction: string;
  effectiveDate: string;
  status: string;
}

interface StaffAuditEntry {
  id: string;
  subject: string;
  action: string;
  actor: string;
  detail: string;
  at: string;
}

/** An order or transfer from before practices' names were kept shows the practice's id. */
const practiceOf = (record: { practiceId: string; practiceName: string }) =>
  record.practiceName || record.practiceId;

export function StaffOverview({
  orders,
  transfers,
  audit,
}: {
  orders: StaffList<StaffOrder>;
  transfers: StaffList<StaffTransfer>;
  audit: StaffList<StaffAuditEntry>;
}) {
  return (
    <>
      <section className={communityStyles.section} aria-labelledby="orders-heading">
        <h2 id="orders-heading" className={communityStyles.sectionTitle}>
          Orders
        </h2>
        {orders.rows.length === 0 ? (
          <p className={communityStyles.empty}>No orders here.</p>
        ) : (
          <RecordTable<StaffOrder>
            caption="Orders of every practice, newest first"
            records={orders.rows}
            rowKey={(order) => order.id}
            columns={[
              { label: 'Order', cell: (order) => order.number },
              { label: 'Placed', cell: (order) => order.placedAt.slice(0, 10) },
              { label: 'Practice', cell: practiceOf },
              { label: 'Tax', money: true, cell: (order) => `${order.taxLabel} ${order.tax}` },
              { label: 'Total', money: true, cell: (order) => order.total },
            ]}
          />
        )}
        <Pager list={orders} name="orders" />
      </section>
      <section className={communityStyles.section} aria-labelledby="transfers-heading">
        <h2 id="transfers-heading" className={communityStyles.sectionTitle}>
          Transfers
        </h2>
        {transfers.rows.length === 0 ? (
          <p className={communityStyles.empty}>No transfers here.</p>
        ) : (
          <RecordTable<StaffTransfer>
            caption="Transfers of every practice, newest first"
            records={transfers.rows}
            rowKey={(transfer) => transfer.id}
            columns={[{ label: 'Practice', cell: practiceOf }, ...transferColumns<StaffTransfer>()]}
          />
        )}
        <Pager list={transfers} name="transfers" />
      </section>
      <section className={communityStyles.section} aria-labelledby="audit-heading">
        <h2 id="audit-heading" className={communityStyles.sectionTitle}>
          Audit trail, latest first
        </h2>
        {audit.rows.length === 0 ? (
          <p className={communityStyles.empty}>No audit entries here.</p>
        ) : (
          <RecordTable
            caption="Audit entries, newest first"
            records={audit.rows}
            rowKey={(entry) => entry.id}
            columns={[
              { label: 'When', cell: (entry) => entry.at.slice(0, 16).replace('T', ' ') },
              { label: 'What', code: true, cell: (entry) => entry.subject },
              { label: 'Action', cell: (entry) => entry.action },
              { label: 'By', code: true, cell: (entry) => entry.actor },
              { label: 'Detail', code: true, cell: (entry) => entry.detail },
            ]}
          />
        )}
        <Pager list={audit} name="audit" />
      </section>
    </>
  );
}

function Pager({ list, name }: { list: StaffList<unknown>; name: string }) {
  if (!list.newer && !list.older) return null;
  return (
    <nav className={styles.pager} aria-label={`Pages of the ${name}`}>
      {list.newer ? (
        <Link to={list.newer} preventScrollReset>
          Newer
        </Link>
      ) : null}
      {list.older ? (
        <Link to={list.older} preventScrollReset>
          Older
        </Link>
      ) : null}
    </nav>
  );
}
