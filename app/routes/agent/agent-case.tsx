import {
  Link,
  redirect,
  useLoaderData,
  useNavigate,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import {
  AGENT_STATUS_CHOICES,
  AUTHOR_ROLE_LABELS,
  CASE_STATUS_LABELS,
  MESSAGE_MAX,
} from '~core/cases';
import { AgentShortcuts } from '~app/components/agent/AgentShortcuts.tsx';
import { AttachmentList, ReplyAttachmentsField } from '~app/components/cases/CaseAttachments.tsx';
import caseStyles from '~app/components/cases/cases.module.css';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import {
  SelectField,
  TextArea,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import { communityDate } from '~app/components/community/display.ts';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { pageMeta } from '~app/meta.ts';
import { useRouteContract } from '~app/site.ts';
import {
  addInternalNote,
  assignCase,
  getAgentCaseDetails,
  getCase,
  mergeCase,
  replyToCase,
  setCaseStatus,
  takeCase,
} from './agent-service.server.ts';
import { requireAgentPage } from './agent.server.ts';
import styles from './agent.module.css';
import { agentCasePath } from './workspace-nav.ts';
import { caseContext, loadOrNotFound, runCaseAction } from '../cases/cases.server.ts';
import { done, pageToken } from '../community/community.server.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAgentPage(context, request);
  const id = params.caseId ?? '';
  const cases = caseContext(context);
  const [view, details] = await loadOrNotFound(context, request, () =>
    Promise.all([getCase(cases, id), getAgentCaseDetails(cases, id)]),
  );
  return { view, details, pageToken: pageToken() };
}

export function meta({ matches, data }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => (data ? `Case ${data.view.caseNumber}` : 'Case'), {
    noIndex: true,
  });
}

export async function action(args: ActionFunctionArgs) {
  const id = args.params.caseId ?? '';
  const here = agentCasePath(id);
  return runCaseAction(args, {
    reply: async (form, cases) => {
      await replyToCase(cases, id, {
        body: form.text('body'),
        idempotencyKey: form.idempotencyKey,
        attachments: form.attachments,
      });
      return redirect(`${here}#conversation-end`, 303);
    },
    note: async (form, cases) => {
      await addInternalNote(cases, id, {
        body: form.text('body'),
        idempotencyKey: form.idempotencyKey,
      });
      return redirect(`${here}#conversation-end`, 303);
    },
    take: async (form, cases) => {
      await takeCase(cases, id);
      return done(form.formId, 'The case is yours.');
    },
    assign: async (form, cases) => {
      await assignCase(cases, id, form.text('assigneeId'));
      return done(form.formId, 'Assignment saved.');
    },
    status: async (form, cases) => {
      await setCaseStatus(cases, id, form.text('status'));
      return done(form.formId, 'Status saved.');
    },
    merge: async (form, cases) => {
      const { intoId } = await mergeCase(cases, id, form.text('into'));
      return redirect(agentCasePath(intoId), 303);
    },
  });
}

function focusIn(selector: string) {
  document.querySelector<HTMLElement>(selector)?.focus();
}

function Saved({ formId }: { formId: string }) {
  const saved = useFormResult(formId).done;
  return saved ? <p role="status">{saved.message}</p> : null;
}

export default function AgentCasePage() {
  const { view, details, pageToken } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const contract = useRouteContract();
  const open = view.status !== 'closed';
  return (
    <div>
      <p>
        <Link to="/agent">Back to the queue</Link>
      </p>
      <div className={styles.headerRow}>
        <header>
          <p className={styles.eyebrow}>Case {view.caseNumber}</p>
          <h1 className={styles.title}>{view.subject}</h1>
          <p>
            <span className={caseStyles.status} data-status={view.status}>
              {view.statusLabel}
            </span>
            {details.wait.label ? (
              <span className={styles.wait} data-level={details.wait.level}>
                {' '}
                Customer waiting {details.wait.label}
              </span>
            ) : null}
          </p>
        </header>
        <AgentShortcuts
          place="case"
          onAction={(action) => {
            if (action === 'reply') focusIn('#reply-form textarea');
            else if (action === 'internal-note') focusIn('#note-form textarea');
            else if (action === 'change-status') focusIn('#status-form select');
            else if (action === 'take-case') {
              document.querySelector<HTMLFormElement>('#take-form form')?.requestSubmit();
            } else if (action === 'back-to-queue') void navigate('/agent');
          }}
        />
      </div>
      {view.mergedInto ? (
        <p className={styles.notice}>
          Merged into <Link to={agentCasePath(view.mergedInto.id)}>another case</Link>.
        </p>
      ) : null}
      <div className={styles.layout}>
        <div>
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
              <li
                key={message.id}
                className={message.internal ? styles.note : caseStyles.message}
                data-role={message.authorRole}
              >
                <p className={caseStyles.messageMeta}>
                  {message.internal ? (
                    <span className={styles.noteLabel}>Internal note · </span>
                  ) : null}
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
            // Keyed by the conversation's length: a sent reply leaves an empty box.
            <section
              id="reply-form"
              aria-label="Public reply"
              key={`reply-${view.messages.length}`}
            >
              <CommunityForm
                formId="reply"
                intent="reply"
                pageToken={pageToken}
                submitLabel="Send reply"
                pendingLabel="Sending…"
                label="Public reply to the customer"
                encType="multipart/form-data"
              >
                <TextArea
                  name="body"
                  label="Public reply"
                  hint="Everyone on the case sees it and gets it by e-mail."
                  required
                  maxLength={MESSAGE_MAX}
                  rows={5}
                />
                <ReplyAttachmentsField />
              </CommunityForm>
            </section>
          ) : null}
          {open ? (
            <section
              id="note-form"
              aria-label="Internal note"
              className={styles.noteForm}
              key={`note-${view.messages.length}`}
            >
              <CommunityForm
                formId="note"
                intent="note"
                pageToken={pageToken}
                submitLabel="Add internal note"
                pendingLabel="Adding…"
                label="Internal note for the support team"
              >
                <TextArea
                  name="body"
                  label="Internal note"
                  hint="Only the support team sees notes. They are never e-mailed to the customer."
                  required
                  maxLength={MESSAGE_MAX}
                  rows={3}
                />
              </CommunityForm>
            </section>
          ) : null}
        </div>
        <aside className={styles.aside} aria-label="Working on the case">
          <dl className={caseStyles.facts}>
            <dt>Customer</dt>
            <dd>{view.ownerName}</dd>
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
            <dt>Queue</dt>
            <dd>{view.queue === 'partner' ? 'Partner queue' : 'Customers'}</dd>
            <dt>Agent</dt>
            <dd>{details.assignee?.name ?? 'Nobody yet'}</dd>
          </dl>
          {open && !details.assignee ? (
            <div id="take-form">
              <CommunityForm formId="take" intent="take" submitLabel="Take this case" />
              <Saved formId="take" />
            </div>
          ) : null}
          {open ? (
            <>
              <CommunityForm formId="assign" intent="assign" submitLabel="Assign" label="Assign">
                <SelectField
                  key={details.assignee?.id ?? ''}
                  required
                  name="assigneeId"
                  label="Assign to"
                  defaultValue={details.assignee?.id ?? ''}
                  // Not first: a required select's first empty option would count as no choice.
                  options={[
                    ...details.agents.map((agent) => ({ value: agent.id, label: agent.name })),
                    { value: '', label: 'Nobody (back to Unassigned)' },
                  ]}
                />
              </CommunityForm>
              <Saved formId="assign" />
              <div id="status-form">
                <CommunityForm
                  formId="status"
                  intent="status"
                  submitLabel="Change status"
                  label="Status"
                >
                  <SelectField
                    key={view.status}
                    required
                    name="status"
                    label="Status"
                    defaultValue={view.status}
                    options={[
                      ...(view.status === 'new' ? [{ value: 'new', label: 'New' }] : []),
                      ...AGENT_STATUS_CHOICES.map((status) => ({
                        value: status,
                        label: CASE_STATUS_LABELS[status],
                      })),
                    ]}
                  />
                </CommunityForm>
                <Saved formId="status" />
              </div>
              <CommunityForm
                formId="merge"
                intent="merge"
                submitLabel="Merge"
                label="Merge into another case"
              >
                <TextField
                  name="into"
                  label="Merge this case into case number"
                  hint="The same customer's case. This conversation moves there and the customer is told."
                  required
                  maxLength={12}
                />
              </CommunityForm>
            </>
          ) : null}
          <p>
            <Link to={contract?.path('case', { id: view.id }) ?? '#'}>
              See the case as its people see it
            </Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
