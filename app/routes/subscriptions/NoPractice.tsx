import { Link } from 'react-router';
import communityStyles from '~app/components/community/community.module.css';
import { useRouteContract } from '~app/site.ts';

/** A partner who belongs to no practice yet: the subscription pages act for a practice. */
export function NoPractice({ heading }: { heading: string }) {
  const contract = useRouteContract();
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{heading}</h1>
      <div className={communityStyles.notice}>
        <p>Clients’ subscriptions are bought and managed by a practice.</p>
        <p>
          <Link to={contract?.path('createPracticeAccount') ?? '#'}>
            Create your practice, or ask to join yours
          </Link>
        </p>
      </div>
    </div>
  );
}
