import {
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import type { CONTACT_METHOD_LABELS } from '~core/cases';
import { AUTHOR_ROLE_LABELS, MESSAGE_MAX, RATING_COMMENT_MAX } from '~core/cases';
import { pageHeading } from '~core/routes';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { RatingField } from '~app/components/cases/RatingField.tsx';
import { AttachmentList, ReplyAttachmentsField } from '~app/components/cases/CaseAttachments.tsx';
import caseStyles from '~app/components/cases/cases.module.css';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { TextArea } from '~app/components/community/CommunityFormFields.tsx';
import styles from '~app/components/community/community.module.css';
import { communityDate } from '~app/components/community/display.ts';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { pageMeta } from '~app/meta.ts';
import { routeContractFor, useRouteContract } from '~app/site.ts';
import { trail } from '../kb/page-data.server.ts';
import { done, pageToken } from '../community/community.server.ts';
import {
  getCase,
  markCaseSolved,
  rateCase,
  removePerson,
  reopenCase,
  replyToCase,
} from './case-service.server.ts';
import { caseContext, loadOrNotFound, runCaseAction } from './cases.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  const id = new URL(request.url).searchParams.get('caseId') ?? '';
  const view = await loadOrNotFound(context, request, () => getCase(caseContext(context), id));
  const contract = routeContractFor(config);
  const heading = `Case ${view.caseNumber}`;
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: pageHeading('myCases', config), path: contract.path('myCases') }],
    { label: heading, url: contract.url('case', { id }) ?? config.siteUrl },
  );
  return { view, breadcrumbs, pageToken: pageToken() };
}

export function meta({ matches, data }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => (data ? `Case ${data.view.caseNumber}` : 'Case'), {
    noIndex: true,
  });
}

export async function action(args: ActionFunctionArgs) {
  const contract = routeContractFor(args.context.config);
  const id = new URL(args.request.url).searchParams.get('caseId') ?? '';
  const here = contract.path('case', { id }) ?? '/';
  return runCaseAction(args, {
    reply: async (form, cases) => {
      await replyToCase(cases, id, {
        body: form.text('body'),
        idempotencyKey: form.idempotencyKey,
        attachments: form.attachments,
      });
      return redirect(`${here}#conversation-end`, 303);
    },
    solve: async (_form, cases) => {
      await markCaseSolved(cases, id);
      return redirect(`${here}#rating`, 303);
    },
    reopen: async (_form, cases) => {
      const outcome = await reopenCase(cases, id);
      if (outcome === 'follow-up') {
        return redirect(`${contract.path('raiseSupportCase') ?? '/'}?followUpOf=${id}`, 303);
      }
      return redirect(here, 303);
    },
    rate: async (form, cases) => {
      await rateCase(cases, id, { score: form.text('score'), comment: form.text('comment') });
      return done('rate', 'Thank you for rating the help you got.');
    },
    remove: async (form, cases) => {
      await removePerson(cases, id, form.text('userId'));
      return redirect(`${here}#people`, 303);
    },
  });
}

function contactText(contact: {
  method: keyof typeof CONTACT_METHOD_LABELS;
  email: string | null;
  phone: string | null;
  window: string | null;
}): string {
  if (contact.method === 'email') return `E-mail: ${contact.email ?? ''}`;
  if (contact.method === 'phone') return `Phone: ${contact.phone ?? ''}`;
  return `A call back on ${contact.phone ?? ''}, ${contact.window ?? ''}`;
}

export default function CasePage() {
  const { view, breadcrumbs, pageToken } = useLoaderData<typeof loader>();
  const contract = useRouteContract();
  const rated = useFormResult('rate').done;
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={styles.header}>
        <p className={styles.eyebrow}>Case {view.caseNumber}</p>
        <h1 className={styles.title}>{view.subject}</h1>
        <p>
          <span className={caseStyles.status} data-status={view.status}>
            {view.statusLabel}
          </span>
        </p>
      </header>
      {view.mergedInto ? (
        <p className={styles.notice}>
          This case was merged into{' '}
          <Link to={contract?.path('case', { id: view.mergedInto.id }) ?? '#'}>another case</Link>,
          where its conversation goes on.
        </p>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.main}>
          <h2 className={styles.sectionTitle}>Conversation</h2>
          <ol className={caseStyles.conversation}>
            <li className={caseStyles.message} data-role="customer">
              <p className={caseStyles.messageMeta}>
                <strong>{view.ownerName}</strong> ({AUTHOR_ROLE_LABELS.customer}) ·{' '}
                {communityDate(view.createdAt)}
              </p>
              <RichText html={view.descriptionHtml} />
              <AttachmentList files={view.attachments} label="Files sent with the case" />
            </li>
            {view.messages.map((message) => (
              <li key={message.id} className={caseStyles.message} data-role={message.authorRole}>
                <p className={caseStyles.messageMeta}>
                  {message.internal ? 'Internal note (support team only) · ' : null}
                  <strong>{message.authorName}</strong> ({AUTHOR_ROLE_LABELS[message.authorRole]}) ·{' '}
                  {communityDate(message.createdAt)}
                </p>
                <RichText html={message.bodyHtml} />
                <AttachmentList files={message.attachments} label="Files of this message" />
              </li>
            ))}
          </ol>
          <div id="conversation-end" />
          {view.may.reply ? (
            <CommunityForm
              formId="reply"
              intent="reply"
              pageToken={pageToken}
              submitLabel="Send reply"
              pendingLabel="Sending…"
              label="Reply to this case"
              encType="multipart/form-data"
            >
              <TextArea
                name="body"
                label="Your reply"
                hint="Markdown is supported. Everyone on the case gets it by e-mail."
                required
                maxLength={MESSAGE_MAX}
                rows={6}
              />
              <ReplyAttachmentsField />
            </CommunityForm>
          ) : (
            <p className={styles.notice}>
              This case is closed to replies.{' '}
              {view.may.reopen === 'follow-up'
                ? 'Raise a follow-up case to ask about it again.'
                : ''}
            </p>
          )}
          <div className={caseStyles.buttons}>
            {view.may.markSolved ? (
              <CommunityForm
                formId="solve"
                intent="solve"
                submitLabel="Mark as solved"
                buttonClassName={styles.quietButton}
                className={styles.inlineForm}
              />
            ) : null}
            {view.may.reopen !== 'none' ? (
              <CommunityForm
                formId="reopen"
                intent="reopen"
                submitLabel={
                  view.may.reopen === 'reopen' ? 'Reopen the case' : 'Raise a follow-up case'
                }
                buttonClassName={styles.quietButton}
                className={styles.inlineForm}
              />
            ) : null}
          </div>
          {view.may.rate || view.rating ? (
            <section id="rating" aria-labelledby="rating-heading" className={styles.section}>
              <h2 id="rating-heading" className={styles.sectionTitle}>
                Rating
              </h2>
              {view.rating ? (
                <p>
                  {view.rating.score} out of 5
                  {view.rating.comment ? `: “${view.rating.comment}”` : ''}
                </p>
              ) : null}
              {rated ? <p role="status">{rated.message}</p> : null}
              {view.may.rate ? (
                <CommunityForm
                  formId="rate"
                  intent="rate"
                  submitLabel={view.rating ? 'Change your rating' : 'Send your rating'}
                  label="Rate the help you got"
                >
                  <RatingField current={view.rating?.score} />
                  <TextArea
                    name="comment"
                    label="Comment"
                    defaultValue={view.rating?.comment ?? ''}
                    maxLength={RATING_COMMENT_MAX}
                    rows={3}
                  />
                </CommunityForm>
              ) : null}
            </section>
          ) : null}
        </div>
        <aside className={styles.aside} aria-label="Case details">
          <h2 className={styles.sideTitle}>Details</h2>
          <dl className={caseStyles.facts}>
            <dt>Case number</dt>
            <dd>{view.caseNumber}</dd>
            <dt>Status</dt>
            <dd>{view.statusLabel}</dd>
            <dt>Raised by</dt>
            <dd>{view.ownerName}</dd>
            <dt>Opened</dt>
            <dd>{communityDate(view.createdAt)}</dd>
            <dt>Last updated</dt>
            <dd>{communityDate(view.updatedAt)}</dd>
            <dt>Category</dt>
            <dd>{view.categoryName}</dd>
            {view.product ? (
              <>
                <dt>Product</dt>
                <dd>{view.product}</dd>
              </>
            ) : null}
            <dt>Impact</dt>
            <dd>{view.impactLabel}</dd>
            <dt>Contact</dt>
            <dd>{contactText(view.contact)}</dd>
            {view.solvedAt ? (
              <>
                <dt>Solved</dt>
                <dd>{communityDate(view.solvedAt)}</dd>
              </>
            ) : null}
            {view.followUpOf ? (
              <>
                <dt>Follow-up of</dt>
                <dd>
                  <Link to={contract?.path('case', { id: view.followUpOf.id }) ?? '#'}>
                    the earlier case
                  </Link>
                </dd>
              </>
            ) : null}
          </dl>
          <section id="people" aria-labelledby="people-heading">
            <h2 id="people-heading" className={styles.sideTitle}>
              People on this case
            </h2>
            {view.people.length > 0 ? (
              <ul className={styles.plainList}>
                {view.people.map((person) => (
                  <li key={person.userId}>
                    {person.name}
                    {view.may.managePeople ? (
                      <CommunityForm
                        formId={`remove-${person.userId}`}
                        intent="remove"
                        hidden={{ userId: person.userId }}
                        submitLabel="Remove"
                        buttonLabel={`Remove ${person.name} from this case`}
                        buttonClassName={styles.quietButton}
                        className={styles.inlineForm}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>Only you and the support team.</p>
            )}
            {view.may.managePeople ? (
              <p>
                <Link to={contract?.path('caseInvite', { id: view.id }) ?? '#'}>
                  Invite people to this case
                </Link>
              </p>
            ) : null}
          </section>
        </aside>
      </div>
    </div>
  );
}
