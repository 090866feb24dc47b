import {
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { CALL_TOPICS, HONEYPOT_FIELD, isHoneypotFilled, openingState } from '~core/contact';
import { HoneypotField } from '~app/components/contact/GuestHelpSteps.tsx';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { TextField } from '~app/components/community/CommunityFormFields.tsx';
import styles from '~app/components/community/community.module.css';
import { LocalTime, useVisitorTimeZone } from '~app/components/contact/LocalTime.tsx';
import { RadioChoices } from '~app/components/contact/SlotChoices.tsx';
import { TypedField } from '~app/components/contact/TypedField.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { pageToken, rejected } from '../community/community.server.ts';
import {
  callbackWait,
  recordReachedPerson,
  requestCallback,
  visitorRegion,
} from './contact.server.ts';

// Each visit gets a one-time form key, so the page is never shared between guests.
export { headers } from '~app/personal-page.ts';

const FIELDS = [
  'topic',
  'name',
  'phone',
  'when',
  'callbackDate',
  'callbackFrom',
  'callbackTo',
  'timeZone',
  'seen',
  'requestKey',
  HONEYPOT_FIELD,
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const region = visitorRegion(request, context);
  const { hours } = context.contactSettings[region];
  const state = openingState(hours, context.clock.now());
  const contacts = { db: context.db, settings: context.contactSettings, now: context.clock.now() };
  return {
    regionZone: hours.timeZone,
    open: state.open,
    opensAt: state.open ? undefined : state.opensAt?.toISOString(),
    waitMinutes: state.open ? await callbackWait(contacts, region) : undefined,
    topic: params.get('topic') ?? '',
    seen: params.get('seen') ?? '',
    requestKey: pageToken(),
  };
}

export const meta = headedPageMeta('requestCallback', { noIndex: true });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(
    FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value.trim() : ''];
    }),
  ) as Record<(typeof FIELDS)[number], string>;
  if (!context.verifyCsrf(form)) return rejected('callback', CSRF_REJECTED.message, values, 403);
  // A robot's form is answered like a person's, and no one is called.
  if (isHoneypotFilled(values[HONEYPOT_FIELD]))
    return { requested: { phone: values.phone, waitMinutes: undefined } };
  const region = visitorRegion(request, context);
  const { hours } = context.contactSettings[region];
  // Closed, "as soon as possible" would mean tomorrow morning: only a window is offered.
  const asapOffered = openingState(hours, context.clock.now()).open;
  const outcome = await requestCallback(
    { db: context.db, settings: context.contactSettings, now: context.clock.now() },
    {
      ...values,
      when: asapOffered ? values.when : 'window',
      region,
      networkAddress: context.networkAddress,
    },
  );
  if (outcome.kind === 'invalid')
    return rejected('callback', outcome.message, values, 400, outcome.field);
  if (outcome.kind === 'limited') return rejected('callback', outcome.message, values, 429);
  if (values.seen) await recordReachedPerson(context.db, values.seen, context.clock.now());
  return { requested: { phone: outcome.phone, waitMinutes: outcome.waitMinutes } };
}

export default function RequestCallbackPage() {
  const page = useLoaderData<typeof loader>();
  const zone = useVisitorTimeZone(page.regionZone);
  const result = useActionData<{ requested?: { phone: string; waitMinutes?: number } }>();
  const requested = result && 'requested' in result ? result.requested : undefined;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Request a callback</h1>
      </header>
      {requested ? (
        <p role="status" className={styles.notice} tabIndex={-1} ref={(note) => note?.focus()}>
          We will call you on {requested.phone}
          {requested.waitMinutes !== undefined
            ? `, in about ${requested.waitMinutes} minutes.`
            : ' in the window you chose.'}
        </p>
      ) : (
        <>
          <p className={styles.intro}>
            {page.open ? (
              `Our team is on the phone now. The current wait for a callback is about ${page.waitMinutes} minutes.`
            ) : (
              <>
                Our team is not on the phone now
                {page.opensAt ? (
                  <>
                    {' '}
                    (back <LocalTime at={page.opensAt} zone={zone} />)
                  </>
                ) : null}
                . Choose a window and we call you then.
              </>
            )}
          </p>
          <CommunityForm
            formId="callback"
            intent="request"
            label="Request a callback"
            hidden={{ timeZone: zone, seen: page.seen, requestKey: page.requestKey }}
            submitLabel="Request the callback"
            pendingLabel="Sending…"
          >
            <RadioChoices
              name="topic"
              legend="What is the call about?"
              defaultValue={page.topic}
              options={CALL_TOPICS.map((each) => ({ value: each.key, label: each.label }))}
            />
            <TextField name="name" label="Your name" required maxLength={120} />
            <TypedField
              name="phone"
              type="tel"
              label="Phone number"
              hint="With the country code (+…) if the number is not in your region."
              autoComplete="tel"
              maxLength={40}
              required
            />
            {page.open ? (
              <RadioChoices
                name="when"
                legend="When should we call?"
                defaultValue="asap"
                options={[
                  { value: 'asap', label: 'As soon as possible' },
                  { value: 'window', label: 'In a window I choose' },
                ]}
              />
            ) : null}
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                The window, in your time zone ({zone}){page.open ? ', if you chose one' : ''}
              </legend>
              <TypedField name="callbackDate" type="date" label="Day" />
              <TypedField name="callbackFrom" type="time" label="From" />
              <TypedField name="callbackTo" type="time" label="To" />
            </fieldset>
            <HoneypotField />
          </CommunityForm>
        </>
      )}
    </div>
  );
}
