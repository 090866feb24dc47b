import { Link } from 'react-router';
import type { CaseStatus } from '~core/cases';
import { useRouteContract } from '~app/site.ts';
import styles from '../community/community.module.css';
import { communityDate } from '../community/display.ts';
import caseStyles from './cases.module.css';

export interface CaseListItem {
  id: string;
  caseNumber: string;
  subject: string;
  status: CaseStatus;
  statusLabel: string;
  categoryName: string;
  updatedAt: string;
}

/** Cases as cards: number, subject linking to the case, status, category and last update. */
export function CaseList({
  cases,
  emptyText,
}: {
  cases: readonly CaseListItem[];
  emptyText: string;
}) {
  const contract = useRouteContract();
  if (cases.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={caseStyles.caseList}>
      {cases.map((item) => (
        <li key={item.id} className={styles.card}>
          <p className={styles.cardTitle}>
            <Link to={contract?.path('case', { id: item.id }) ?? '#'}>{item.subject}</Link>
          </p>
          <p className={styles.meta}>
            <span className={caseStyles.status} data-status={item.status}>
              {item.statusLabel}
            </span>{' '}
            Case {item.caseNumber} · {item.categoryName} · Updated {communityDate(item.updatedAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
