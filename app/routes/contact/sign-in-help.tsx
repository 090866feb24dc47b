import {
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import styles from '~app/components/community/community.module.css';
import { FollowedCaseView } from '~app/components/contact/FollowedCaseView.tsx';
import {
  CodeStep,
  EmailStep,
  ProblemStep,
  RaisedNotice,
  SelfHelpList,
} from '~app/components/contact/GuestHelpSteps.tsx';
import { guestStepOf } from '~app/components/contact/guest-step.ts';
import { headedPageMeta } from '~app/meta.ts';
import {
  followedCase,
  replyOnFollowedCase,
  runGuestStep,
  selfHelpFor,
} from './guest-help.server.ts';

/*
 * Sign-in help without an account (docs/contact-support.md): self-help first, then a code
 * mailed to the visitor's address proves it, and the case they describe belongs to that
 * address. With `?case=` and a signed key the page shows that case to its owner instead.
 */

// What the page shows belongs to one visitor: a code step, or a case by its link.
export { headers } from '~app/personal-page.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('case');
  if (token !== null)
    return {
      kind: 'case' as const,
      followed: await followedCase(context, token),
      replied: params.has('replied'),
    };
  return {
    kind: 'help' as const,
    ...(await selfHelpFor(request, context, 'sign-in-help', 'sign in password')),
  };
}

export const meta = headedPageMeta('contactSupportLogin', { noIndex: true });

export async function action({ request, context }: ActionFunctionArgs) {
  if (new URL(request.url).searchParams.has('case')) return replyOnFollowedCase(request, context);
  return runGuestStep(request, context, { flow: 'sign-in-help' });
}

export default function SignInHelpPage() {
  const page = useLoaderData<typeof loader>();
  if (page.kind === 'case') {
    return (
      <div className={styles.page}>
        <FollowedCaseView followed={page.followed} replied={page.replied} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Get help signing in</h1>
      </header>
      <SignInHelpSteps seen={page.seen} topics={page.topics} articles={page.articles} />
    </div>
  );
}

function SignInHelpSteps({
  seen,
  topics,
  articles,
}: Pick<
  Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: 'help' }>,
  'seen' | 'topics' | 'articles'
>) {
  const current = guestStepOf(useActionData<Parameters<typeof guestStepOf>[0]>());
  switch (current.step) {
    case 'email':
      return (
        <>
          <SelfHelpList heading="Try these first" topics={topics} articles={articles} />
          <EmailStep
            seen={current.seen || seen}
            intro="No account needed: we e-mail you a code to prove the address is yours, then you tell us what happens."
          />
        </>
      );
    case 'code':
      return <CodeStep email={current.email} seen={current.seen || seen} />;
    case 'problem':
      return (
        <ProblemStep
          email={current.email}
          proof={current.proof}
          seen={current.seen || seen}
          topics={topics}
          submitLabel="Send to our team"
        />
      );
    case 'raised':
      return <RaisedNotice email={current.email} caseNumber={current.caseNumber} />;
  }
}
