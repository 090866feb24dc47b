import { Link } from 'react-router';
import { Avatar } from '../ui/Avatar.tsx';
import { useRouteContract } from '~app/site.ts';
import { communityDate } from './display.ts';
import styles from './community.module.css';

export interface MemberView {
  id: string;
  name: string;
}

/**
 * Who wrote something and when: the avatar (initials, spec 5), the full name linking to the
 * profile, and the date as 'D Month YYYY'.
 */
export function MemberLine({
  member,
  date,
  verb,
}: {
  member: MemberView;
  date?: string;
  /** What the date is of: 'Asked', 'Answered', 'Joined'… */
  verb?: string;
}) {
  const contract = useRouteContract();
  const dateLabel = communityDate(date);
  return (
    <div className={styles.author}>
      <Avatar userName={member.name} uuid={member.id} decorative />
      <div className={styles.authorText}>
        <Link to={contract?.path('user', { id: member.id }) ?? '#'} className={styles.authorName}>
          {member.name}
        </Link>
        {dateLabel ? (
          <span className={styles.muted}>
            {verb ? `${verb} ` : ''}
            <time dateTime={date}>{dateLabel}</time>
          </span>
        ) : null}
      </div>
    </div>
  );
}
