import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { activateAction, activateLoader } from './links.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return activateLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return activateAction(args);
}

export const meta = ({ matches }: { matches: Parameters<typeof pageMeta>[0] }) =>
  pageMeta(matches, () => 'Activate your subscription', { noIndex: true });

/** The invitation's link: the client activates the subscription their accountant bought. */
export default function ActivateSubscriptionPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>Activate your subscription</h1>
      {page.kind === 'problem' ? (
        <p role="alert" className={communityStyles.warning}>
          {page.message}
        </p>
      ) : (
        <>
          <p>
            Your accountant bought you a subscription and pays for it. Activate it to make it yours:
            you see it, change its plan or cancel it with this sign-in.
          </p>
          <CommunityForm
            formId="activate"
            intent="activate"
            hidden={{ token: page.token }}
            submitLabel="Activate the subscription"
            pendingLabel="Activating…"
          />
        </>
      )}
    </div>
  );
}
