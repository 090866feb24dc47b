import styles from './community.module.css';

/** The state marks of a discussion, as items of its meta list: Answered, Locked, Hidden. */
export function DiscussionStatus({
  answered,
  locked,
  hidden,
}: {
  answered: boolean;
  locked: boolean;
  hidden: boolean;
}) {
  return (
    <>
      {answered ? (
        <li>
          <span className={styles.answered}>Answered</span>
        </li>
      ) : null}
      {locked ? (
        <li>
          <span className={styles.badge}>Locked</span>
        </li>
      ) : null}
      {hidden ? (
        <li>
          <span className={styles.badge}>Hidden</span>
        </li>
      ) : null}
    </>
  );
}
