import { Link } from 'react-router';
import communityStyles from '../community/community.module.css';
import { useRouteContract } from '../../site.ts';

/** What a signed-in visitor who is not a partner sees on a partner page: why, and where to go. */
export function NotPartner({ heading }: { heading: string }) {
  const contract = useRouteContract();
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{heading}</h1>
      <div className={communityStyles.notice}>
        <p>This page is for members of the partner programme.</p>
        <p>
          <Link to={contract?.path('partners') ?? '#'}>See what partners get and how to join</Link>
        </p>
      </div>
    </div>
  );
}
