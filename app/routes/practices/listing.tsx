import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { DIRECTORY_PATH, listingPath, MAX_LEAD_MESSAGE, MAX_REVIEW_BODY } from '~core/practices';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import {
  SelectField,
  TextArea,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import { done, rejected } from '../community/community.server.ts';
import { ListingView } from './ListingView.tsx';
import { listingJsonLd, listingData } from './listing-data.server.ts';
import { findListingPage, practicesContext, sendLead, submitReview } from './practices.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = await findListingPage(context, params.slug ?? '');
  if (!page) notFound();
  const url = `${context.config.siteUrl}${listingPath(page.practice.slug)}`;
  return { listing: listingData(context, page), jsonLd: listingJsonLd(page, url), url };
}

export function meta({ matches, data }: MetaArgs<typeof loader>) {
  if (!data) return pageMeta(matches, () => 'Advisor not found', { noIndex: true });
  const { listing } = data;
  return [
    ...pageMeta(matches, () => listing.name, {
      description: () =>
        `${listing.name}, ${listing.places} (${listing.marketName}): ${listing.excerpt}`.slice(
          0,
          300,
        ),
    }),
    { tagName: 'link', rel: 'canonical', href: data.url },
  ];
}

const LEAD_FIELDS = ['name', 'email', 'phone', 'message', 'requestKey'] as const;
const REVIEW_FIELDS = ['name', 'rating', 'body', 'requestKey'] as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const formId = form.get('formId') === 'review' ? 'review' : 'lead';
  const fields = formId === 'review' ? REVIEW_FIELDS : LEAD_FIELDS;
  const values = Object.fromEntries(
    fields.map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as Record<string, string>;
  if (!context.verifyCsrf(form)) return rejected(formId, CSRF_REJECTED.message, values, 403);
  // A visitor's second identical message is one: the browser's key, or one of the server's.
  const requestKey = values.requestKey || crypto.randomUUID();
  // The honeypot: a field people never see, which form-filling robots fill in.
  if (typeof form.get('website') === 'string' && form.get('website') !== '')
    return done(formId, 'Thank you: your message is on its way.');
  const practices = practicesContext(context);
  if (formId === 'review') {
    const outcome = await submitReview(practices, params.slug ?? '', {
      name: values.name ?? '',
      rating: values.rating ?? '',
      body: values.body ?? '',
      requestKey,
    });
    if (outcome.kind === 'not-found') notFound();
    if (outcome.kind === 'invalid')
      return rejected('review', outcome.message, values, 400, outcome.field);
    return done('review', 'Thank you: your review will appear once a moderator has read it.');
  }
  const outcome = await sendLead(practices, params.slug ?? '', {
    name: values.name ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    message: values.message ?? '',
    requestKey,
    visitorKey: context.viewer.user?.id ?? context.visitorAddress,
  });
  if (outcome.kind === 'not-found') notFound();
  if (outcome.kind === 'invalid')
    return rejected('lead', outcome.message, values, 400, outcome.field);
  if (outcome.kind === 'rate-limited') return rejected('lead', outcome.message, values, 429);
  return done(
    'lead',
    'Thank you: your message is on its way to the practice. They will answer by e-mail.',
  );
}

/**
 * The form's one-time key, made in the browser when the form appears, so the page itself stays
 * the same for every guest (and can be kept by the guest page cache).
 */
function FormKey() {
  return (
    <input
      type="hidden"
      name="requestKey"
      defaultValue=""
      ref={(input) => {
        if (input && input.value === '') input.value = crypto.randomUUID();
      }}
    />
  );
}

function Confirmation({ formId }: { formId: string }) {
  const { done: answer } = useFormResult(formId);
  return answer ? (
    <p role="status" className={communityStyles.notice} tabIndex={-1} ref={(note) => note?.focus()}>
      {answer.message}
    </p>
  ) : null;
}

export default function ListingPage() {
  const { listing, jsonLd } = useLoaderData<typeof loader>();
  const leadSent = useFormResult('lead').done !== undefined;
  const reviewSent = useFormResult('review').done !== undefined;
  return (
    <div className={communityStyles.page}>
      <p>
        <Link to={DIRECTORY_PATH}>Advisor directory</Link>
      </p>
      <ListingView listing={listing} jsonLd={jsonLd} />
      <section className={communityStyles.section} aria-labelledby="contact-heading">
        <h2 id="contact-heading" className={communityStyles.sectionTitle}>
          Contact {listing.name}
        </h2>
        <Confirmation formId="lead" />
        {leadSent ? null : (
          <CommunityForm
            formId="lead"
            intent="lead"
            label={`Contact ${listing.name}`}
            submitLabel="Send your message"
            pendingLabel="Sending…"
          >
            <Honeypot />
            <FormKey />
            <TextField name="name" label="Your name" required maxLength={120} checkBannedWords />
            <TextField name="email" label="Your e-mail address" required maxLength={254} />
            <TextField name="phone" label="Phone number" maxLength={40} />
            <TextArea
              name="message"
              label="How can they help?"
              required
              maxLength={MAX_LEAD_MESSAGE}
              rows={5}
              checkBannedWords
            />
          </CommunityForm>
        )}
      </section>
      <section className={communityStyles.section} aria-labelledby="review-heading">
        <h2 id="review-heading" className={communityStyles.sectionTitle}>
          Review {listing.name}
        </h2>
        <p className={communityStyles.muted}>
          Are you a client? Reviews are read by a moderator before they appear.
        </p>
        <Confirmation formId="review" />
        {reviewSent ? null : (
          <CommunityForm
            formId="review"
            intent="review"
            label={`Review ${listing.name}`}
            submitLabel="Send your review"
            pendingLabel="Sending…"
          >
            <Honeypot />
            <FormKey />
            <TextField name="name" label="Your name" required maxLength={120} checkBannedWords />
            <SelectField
              name="rating"
              label="Rating"
              required
              options={[
                { value: '', label: 'Choose a rating' },
                ...[5, 4, 3, 2, 1].map((stars) => ({
                  value: String(stars),
                  label: `${stars} ${stars === 1 ? 'star' : 'stars'}`,
                })),
              ]}
            />
            <TextArea
              name="body"
              label="Your review"
              required
              maxLength={MAX_REVIEW_BODY}
              rows={4}
              checkBannedWords
            />
          </CommunityForm>
        )}
      </section>
    </div>
  );
}

/** Hidden from people (and from assistive technology); robots that fill every field fill it. */
function Honeypot() {
  return (
    <div hidden aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
