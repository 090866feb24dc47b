import {
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { accountAnswers, answersNote, type AccountQuestion } from '~core/contact';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { TextField } from '~app/components/community/CommunityFormFields.tsx';
import styles from '~app/components/community/community.module.css';
import {
  CodeStep,
  EmailStep,
  ProblemStep,
  RaisedNotice,
  SelfHelpList,
} from '~app/components/contact/GuestHelpSteps.tsx';
import { guestStepOf } from '~app/components/contact/guest-step.ts';
import { headedPageMeta } from '~app/meta.ts';
import { runGuestStep, selfHelpFor } from './guest-help.server.ts';

/*
 * MFA help (docs/contact-support.md), for guests and signed-in users: self-help first, then
 * the address proved by a code (a signed-in user may use their account's address), questions
 * only the account holder can answer, and a high-priority case in the identity queue. Nothing
 * here looks up whether an account has the address.
 */

export { headers } from '~app/personal-page.ts';

const answerField = (question: AccountQuestion) => `answer-${question.id}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    ...(await selfHelpFor(request, context, 'mfa-help', 'multi-factor authentication')),
    questions: context.accountQuestions,
    accountEmail: context.viewer.user?.email ?? null,
  };
}

export const meta = headedPageMeta('contactSupportMfa', { noIndex: true });

export async function action({ request, context }: ActionFunctionArgs) {
  const questions: readonly AccountQuestion[] = context.accountQuestions;
  return runGuestStep(request, context, {
    flow: 'mfa-help',
    accountAddress: true,
    answers: (values) => {
      const check = accountAnswers(questions, (id) => values[`answer-${id}`] ?? '');
      return check.ok
        ? { ok: true, note: answersNote(check.answers) }
        : { ok: false, field: `answer-${check.field}`, message: check.message };
    },
  });
}

export default function MfaHelpPage() {
  const page = useLoaderData<typeof loader>();
  const current = guestStepOf(useActionData<Parameters<typeof guestStepOf>[0]>());
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Get help with multi-factor authentication</h1>
      </header>
      {current.step === 'email' ? (
        <>
          <SelfHelpList heading="Try these first" topics={page.topics} articles={page.articles} />
          {page.accountEmail ? (
            <section className={styles.section} aria-labelledby="account-address">
              <h2 id="account-address" className={styles.sectionTitle}>
                Ask our team as {page.accountEmail}
              </h2>
              <CommunityForm
                formId="email"
                intent="use-account"
                label="Use my account's address"
                hidden={{ seen: current.seen || page.seen }}
                submitLabel="Go on with this address"
              />
            </section>
          ) : null}
          <EmailStep
            seen={current.seen || page.seen}
            intro="We e-mail you a code to prove the address is yours, then ask a few questions only the account holder can answer. Our identity team checks them before changing anything."
          />
        </>
      ) : null}
      {current.step === 'code' ? (
        <CodeStep email={current.email} seen={current.seen || page.seen} />
      ) : null}
      {current.step === 'problem' ? (
        <ProblemStep
          email={current.email}
          proof={current.proof}
          seen={current.seen || page.seen}
          topics={page.topics}
          submitLabel="Send to our identity team"
        >
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Questions only the account holder can answer</legend>
            {page.questions.map((question: AccountQuestion) => (
              <TextField
                key={question.id}
                name={answerField(question)}
                label={question.label}
                required
                maxLength={300}
              />
            ))}
          </fieldset>
        </ProblemStep>
      ) : null}
      {current.step === 'raised' ? (
        <RaisedNotice email={current.email} caseNumber={current.caseNumber} />
      ) : null}
    </div>
  );
}
