import {
  useActionData,
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { listingPath } from '~core/practices';
import {
  CommunityForm,
  useFormResult,
  type CommunityActionData,
} from '~app/components/community/CommunityForm.tsx';
import { TextField } from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import { done, rejected, requestPath, signInRedirect } from '../community/community.server.ts';
import {
  decideListing,
  decideReview,
  moderationQueue,
  practicesContext,
  practiceUser,
} from './practices.server.ts';

const HEADING = 'Advisor directory moderation';

/** Staff only: a guest signs in first, anyone else without the setup permission gets a 404. */
function moderatorOf(request: Request, context: LoaderFunctionArgs['context']) {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  if (!context.viewer.user.canViewSetup) notFound();
  return practiceUser(context)!;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  moderatorOf(request, context);
  return moderationQueue(context);
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const formId = text('formId');
  if (!context.verifyCsrf(form)) return rejected(formId, CSRF_REJECTED.message, {}, 403);
  const moderator = moderatorOf(request, context);
  const approve = text('decision') === 'approve';
  const note = text('note').trim().slice(0, 500);
  const practices = practicesContext(context);
  const outcome =
    text('intent') === 'listing'
      ? await decideListing(practices, moderator, {
          practiceId: text('practiceId'),
          version: text('version'),
          approve,
          note,
        })
      : await decideReview(practices, moderator, { reviewId: text('reviewId'), approve, note });
  if (outcome.kind === 'gone')
    return rejected(
      formId,
      'This was decided already, or changed since you loaded the page. Reload it.',
      {},
      409,
    );
  return done(formId, approve ? 'Approved.' : 'Rejected.');
}

function Outcome({ formId }: { formId: string }) {
  const { done: answer, rejection } = useFormResult(formId);
  if (answer)
    return (
      <p role="status" className={communityStyles.notice}>
        {answer.message}
      </p>
    );
  return rejection ? (
    <p role="alert" className={communityStyles.error}>
      {rejection.message}
    </p>
  ) : null;
}

/**
 * A decided listing or review leaves the queue as the page reloads it, and its own outcome line
 * with it: the moderator is told above the queue instead.
 */
function DecidedOutcome({ waiting }: { waiting: readonly string[] }) {
  const result = useActionData<CommunityActionData>();
  const decided = result && 'done' in result ? result.done : undefined;
  if (!decided || waiting.includes(decided.formId)) return null;
  return (
    <p role="status" className={communityStyles.notice}>
      {decided.message}
    </p>
  );
}

function Decision({
  formId,
  intent,
  hidden,
  what,
}: {
  formId: string;
  intent: string;
  hidden: Record<string, string>;
  what: string;
}) {
  return (
    <div className={communityStyles.actions}>
      <CommunityForm
        formId={formId}
        intent={intent}
        hidden={{ ...hidden, decision: 'approve' }}
        submitLabel="Approve"
        buttonLabel={`Approve ${what}`}
        className={communityStyles.inlineForm}
      />
      <CommunityForm
        formId={formId}
        intent={intent}
        hidden={{ ...hidden, decision: 'reject' }}
        submitLabel="Reject"
        buttonLabel={`Reject ${what}`}
        className={communityStyles.inlineForm}
        buttonClassName={communityStyles.dangerButton}
      >
        <TextField name="note" label="Why (sent to the practice)" maxLength={500} />
      </CommunityForm>
    </div>
  );
}

export default function DirectoryModerationPage() {
  const queue = useLoaderData<typeof loader>();
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{HEADING}</h1>
      <DecidedOutcome
        waiting={[
          ...queue.listings.map((listing) => `listing-${listing.practiceId}`),
          ...queue.reviews.map((review) => `review-${review.id}`),
        ]}
      />
      <section className={communityStyles.section} aria-labelledby="listings-heading">
        <h2 id="listings-heading" className={communityStyles.sectionTitle}>
          Listings waiting ({queue.listings.length})
        </h2>
        {queue.listings.length === 0 ? (
          <p className={communityStyles.empty}>No listing is waiting.</p>
        ) : (
          <ul className={communityStyles.list}>
            {queue.listings.map((listing) => (
              <li key={listing.practiceId} className={communityStyles.card}>
                <h3 className={communityStyles.cardTitle}>
                  {listing.name} ({listing.market})
                </h3>
                <p className={communityStyles.meta}>
                  {listing.firstPublication ? (
                    'First publication'
                  ) : (
                    <>
                      New description ·{' '}
                      <Link to={listingPath(listing.slug)}>the listing as shown now</Link>
                    </>
                  )}
                </p>
                <p className={communityStyles.cardText}>{listing.description}</p>
                {listing.previousDescription !== null ? (
                  <details>
                    <summary>The description shown now</summary>
                    <p>{listing.previousDescription}</p>
                  </details>
                ) : null}
                <Outcome formId={`listing-${listing.practiceId}`} />
                <Decision
                  formId={`listing-${listing.practiceId}`}
                  intent="listing"
                  hidden={{ practiceId: listing.practiceId, version: listing.version }}
                  what={`the listing of ${listing.name}`}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={communityStyles.section} aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className={communityStyles.sectionTitle}>
          Reviews waiting ({queue.reviews.length})
        </h2>
        {queue.reviews.length === 0 ? (
          <p className={communityStyles.empty}>No review is waiting.</p>
        ) : (
          <ul className={communityStyles.list}>
            {queue.reviews.map((review) => (
              <li key={review.id} className={communityStyles.card}>
                <h3 className={communityStyles.cardTitle}>
                  {review.name} on {review.practiceName}: {review.rating} of 5 stars
                </h3>
                <p className={communityStyles.cardText}>{review.body}</p>
                <Outcome formId={`review-${review.id}`} />
                <Decision
                  formId={`review-${review.id}`}
                  intent="review"
                  hidden={{ reviewId: review.id }}
                  what={`the review by ${review.name}`}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={communityStyles.section} aria-labelledby="decisions-heading">
        <h2 id="decisions-heading" className={communityStyles.sectionTitle}>
          Latest decisions
        </h2>
        {queue.decisions.length === 0 ? (
          <p className={communityStyles.empty}>No decisions yet.</p>
        ) : (
          <ul>
            {queue.decisions.map((entry) => (
              <li key={entry.id}>
                {entry.createdAt.slice(0, 16).replace('T', ' ')} UTC: {entry.subject}{' '}
                {entry.decision}
                {entry.note ? ` (${entry.note})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
