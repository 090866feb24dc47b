import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { joinPracticeAction, joinPracticeLoader } from './join-practice.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return joinPracticeLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return joinPracticeAction(args);
}

export const meta = ({ matches }: { matches: Parameters<typeof pageMeta>[0] }) =>
  pageMeta(matches, () => 'Join a practice', { noIndex: true });

/** An invitation's link: the invitee joins the practice with a button, never by opening it. */
export default function JoinPracticePage() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>
        {page.kind === 'problem' ? 'Join a practice' : `Join ${page.practiceName}`}
      </h1>
      {page.kind === 'problem' ? (
        <p role="alert" className={communityStyles.warning}>
          {page.message}
        </p>
      ) : page.kind === 'joined' ? (
        <p className={communityStyles.notice}>
          You belong to {page.practiceName}. <Link to={page.accountPath}>See its people</Link>.
        </p>
      ) : (
        <>
          <p>
            {`${page.invitedBy} invites you to join ${page.practiceName} on the partner portal as ${page.roleLabel.toLowerCase()}. You become a partner: the practice’s pages and the partner programme open to you.`}
          </p>
          <CommunityForm
            formId="join"
            intent="join"
            hidden={{ token: page.token }}
            submitLabel={`Join ${page.practiceName}`}
            pendingLabel="Joining…"
          />
        </>
      )}
    </div>
  );
}
