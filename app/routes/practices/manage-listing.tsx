import {
  Form,
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { listingPath, MAX_DESCRIPTION } from '~core/practices';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { TextArea } from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { FormIntentFields } from '~app/components/ui/FormIntentFields.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { routeContractFor } from '~app/site.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { done, rejected, requestPath, signInRedirect } from '../community/community.server.ts';
import { ListingEditor } from './ListingEditor.tsx';
import { ListingView } from './ListingView.tsx';
import { listingData } from './listing-data.server.ts';
import { runListingIntent } from './manage-actions.server.ts';
import {
  findManagedPractice,
  listJoinRequests,
  listPracticeLeads,
  previewListingPage,
  practiceUser,
} from './practices.server.ts';
import styles from './practices.module.css';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = practiceUser(context);
  if (!user) throw signInRedirect(context, requestPath(request));
  const managed = await findManagedPractice(context, user.id);
  const createPath = routeContractFor(context.config).path('createPracticeAccount') ?? '/';
  if (!managed) return { practice: undefined, createPath } as const;
  const preview = new URL(request.url).searchParams.get('preview') === '1';
  const [leads, joinRequests] = await Promise.all([
    listPracticeLeads(context, user, managed.practice.id),
    listJoinRequests(context, user, managed.practice.id),
  ]);
  return {
    createPath,
    practice: {
      name: managed.practice.name,
      slug: managed.practice.slug,
      tier: managed.practice.tier,
    },
    role: managed.role,
    status: listingStatus(managed),
    listed: managed.listed,
    draft: managed.draft,
    people: managed.people.map((person) => ({ id: person.user_id, name: person.name })),
    leads,
    joinRequests,
    preview: preview
      ? listingData(context, await previewListingPage(context, managed.practice, managed.draft))
      : undefined,
  };
}

function listingStatus(
  managed: NonNullable<Awaited<ReturnType<typeof findManagedPractice>>>,
): string {
  if (managed.moderation === 'pending') return 'Waiting for a moderator: it appears once approved.';
  if (managed.moderation === 'rejected')
    return `A moderator did not publish your last changes${managed.moderationNote ? `: ${managed.moderationNote}` : '.'}`;
  if (managed.listed) return 'Published: visitors find it in the advisor directory.';
  if (managed.published) return 'Unpublished: visitors do not find it until you publish again.';
  return 'Not published yet: fill in the listing, then publish it for a moderator to approve.';
}

export const meta = headedPageMeta('manageAdvisorDirectory', { noIndex: true });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const formId = typeof form.get('formId') === 'string' ? String(form.get('formId')) : 'listing';
  const values: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    if (name === '_csrf' || name === 'logo') continue;
    const all = form.getAll(name).filter((value): value is string => typeof value === 'string');
    values[name] = all.length === 1 ? (all[0] ?? '') : all;
  }
  if (!context.verifyCsrf(form)) return rejected(formId, CSRF_REJECTED.message, values, 403);
  const user = practiceUser(context);
  if (!user) throw signInRedirect(context, requestPath(request));
  const outcome = await runListingIntent(context, user, form);
  if (outcome.kind === 'refused')
    return rejected(formId, outcome.message, values, outcome.status, outcome.field);
  return done(formId, outcome.message);
}

function Answer({ formId }: { formId: string }) {
  const { done: answer, rejection } = useFormResult(formId);
  if (answer)
    return (
      <p role="status" className={communityStyles.notice}>
        {answer.message}
      </p>
    );
  return rejection && !rejection.field && formId === 'logo' ? (
    <p role="alert" className={communityStyles.error}>
      {rejection.message}
    </p>
  ) : null;
}

export default function ManageListingPage() {
  const page = useLoaderData<typeof loader>();
  const logoError = useFormResult('logo').rejection;
  if (!page.practice)
    return (
      <div className={communityStyles.page}>
        <h1 className={communityStyles.title}>Manage your advisor directory listing</h1>
        <p>
          You do not belong to a practice yet.{' '}
          <Link to={page.createPath}>Create a practice account</Link> or ask to join yours from
          there.
        </p>
      </div>
    );
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <h1 className={communityStyles.title}>Manage your advisor directory listing</h1>
        <p className={communityStyles.intro}>{page.practice.name}</p>
        <p role="status" className={communityStyles.notice}>
          {page.status}
          {page.listed ? (
            <>
              {' '}
              <Link to={listingPath(page.practice.slug)}>See the listing</Link>
            </>
          ) : null}
        </p>
      </header>
      <div className={communityStyles.actions}>
        <CommunityForm
          formId="publish"
          intent="publish"
          submitLabel="Publish the listing"
          pendingLabel="Publishing…"
          className={communityStyles.inlineForm}
        />
        {page.listed ? (
          <CommunityForm
            formId="unpublish"
            intent="unpublish"
            submitLabel="Unpublish"
            pendingLabel="Unpublishing…"
            className={communityStyles.inlineForm}
            buttonClassName={communityStyles.quietButton}
          />
        ) : null}
        <Link className={communityStyles.quietButton} to="?preview=1" preventScrollReset>
          Preview the draft
        </Link>
      </div>
      <Answer formId="publish" />
      <Answer formId="unpublish" />
      {page.preview ? (
        <section className={styles.preview} aria-label="Preview of your draft">
          <p className={communityStyles.muted}>
            Preview: this is how visitors will see the draft once published.
          </p>
          <ListingView listing={page.preview} headingLevel={2} />
        </section>
      ) : null}
      <section className={communityStyles.section} aria-labelledby="listing-heading">
        <h2 id="listing-heading" className={communityStyles.sectionTitle}>
          Your listing
        </h2>
        <Answer formId="listing" />
        <ListingEditor draft={page.draft} people={page.people} />
      </section>
      <section className={communityStyles.section} aria-labelledby="logo-heading">
        <h2 id="logo-heading" className={communityStyles.sectionTitle}>
          Logo
        </h2>
        <Form method="post" encType="multipart/form-data" className={communityStyles.form}>
          <FormIntentFields intent="logo" fields={{ formId: 'logo' }} />
          <div className={communityStyles.field}>
            <label htmlFor="logo-file" className={communityStyles.label}>
              Logo image
            </label>
            <span id="logo-hint" className={communityStyles.hint}>
              A PNG, JPEG or WebP image of at most 200 KB, shown square.
            </span>
            <input
              id="logo-file"
              name="logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-describedby={logoError ? 'logo-hint logo-error' : 'logo-hint'}
              aria-invalid={logoError ? true : undefined}
              required
            />
            {logoError ? (
              <p id="logo-error" role="alert" className={communityStyles.error}>
                {logoError.message}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className={communityStyles.button}>
              Upload the logo
            </button>
          </div>
        </Form>
        <Answer formId="logo" />
      </section>
      <LeadsSection leads={page.leads} />
      {page.role === 'principal' ? <JoinRequests requests={page.joinRequests} /> : null}
    </div>
  );
}

function LeadsSection({ leads }: { leads: Awaited<ReturnType<typeof listPracticeLeads>> }) {
  return (
    <section className={communityStyles.section} aria-labelledby="leads-heading">
      <h2 id="leads-heading" className={communityStyles.sectionTitle}>
        Leads
      </h2>
      {leads.length === 0 ? (
        <p className={communityStyles.empty}>
          No one has written to you through the directory yet.
        </p>
      ) : (
        <ul className={communityStyles.list}>
          {leads.map((lead) => (
            <li key={lead.id} className={communityStyles.card}>
              <h3 className={communityStyles.cardTitle}>
                {lead.name} · {lead.email}
                {lead.phone ? ` · ${lead.phone}` : ''}
              </h3>
              <p className={communityStyles.meta}>{new Date(lead.createdAt).toUTCString()}</p>
              <p className={communityStyles.cardText}>{lead.message}</p>
              <Answer formId={`answer-${lead.id}`} />
              {lead.status === 'answered' ? (
                <p className={communityStyles.answered}>Answered: {lead.answer}</p>
              ) : (
                <CommunityForm
                  formId={`answer-${lead.id}`}
                  intent="answer"
                  hidden={{ leadId: lead.id }}
                  label={`Answer ${lead.name}`}
                  submitLabel="Send the answer"
                  pendingLabel="Sending…"
                >
                  <TextArea
                    name="answer"
                    label={`Your answer to ${lead.name}`}
                    required
                    maxLength={MAX_DESCRIPTION}
                    rows={3}
                  />
                </CommunityForm>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function JoinRequests({ requests }: { requests: Awaited<ReturnType<typeof listJoinRequests>> }) {
  return (
    <section className={communityStyles.section} aria-labelledby="join-heading">
      <h2 id="join-heading" className={communityStyles.sectionTitle}>
        People asking to join
      </h2>
      <Answer formId="join" />
      {requests.length === 0 ? (
        <p className={communityStyles.empty}>No one is waiting.</p>
      ) : (
        <ul className={communityStyles.list}>
          {requests.map((request) => (
            <li key={request.id} className={communityStyles.card}>
              <p>
                {request.name} ({request.email})
              </p>
              <div className={communityStyles.actions}>
                <CommunityForm
                  formId="join"
                  intent="approve-join"
                  hidden={{ requestId: request.id }}
                  submitLabel={`Let ${request.name} in`}
                  className={communityStyles.inlineForm}
                />
                <CommunityForm
                  formId="join"
                  intent="decline-join"
                  hidden={{ requestId: request.id }}
                  submitLabel="Decline"
                  className={communityStyles.inlineForm}
                  buttonClassName={communityStyles.quietButton}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
