import {
  data,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { CALL_TOPICS, HONEYPOT_FIELD, isHoneypotFilled, type BookableSlot } from '~core/contact';
import { HoneypotField } from '~app/components/contact/GuestHelpSteps.tsx';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { TextField } from '~app/components/community/CommunityFormFields.tsx';
import styles from '~app/components/community/community.module.css';
import { BookingSummary, ManageBooking } from '~app/components/contact/ManageBooking.tsx';
import { RadioChoices, SlotChoices } from '~app/components/contact/SlotChoices.tsx';
import { useVisitorTimeZone } from '~app/components/contact/LocalTime.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { routeContractFor } from '~app/site.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { pageToken, rejected } from '../community/community.server.ts';
import {
  bookCall,
  bookingContext,
  bookingProblem,
  cancelBooking,
  contactLimitProblem,
  findBooking,
  listBookableSlots,
  recordReachedPerson,
  rescheduleBooking,
  visitorRegion,
  type BookingView,
} from './contact.server.ts';

// Slots change with every booking, and a booking's page belongs to its link's holder.
export { headers } from '~app/personal-page.ts';

// The honeypot travels with the rest to the confirm step, where a filled one books nothing.
const FIELDS = ['topic', 'name', 'email', 'startsAt', 'timeZone', 'seen', HONEYPOT_FIELD] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const contacts = bookingContext(context);
  const token = params.get('booking');
  if (token !== null) {
    const booking = await findBooking(contacts, token);
    if (!booking) throw data(null, { status: 404 });
    const slots =
      booking.status === 'booked' ? await listBookableSlots(contacts, booking.region) : [];
    const news = ['new', 'moved', 'cancelled'].find((word) => params.has(word));
    return { kind: 'manage' as const, token, booking, slots, news };
  }
  const region = visitorRegion(request, context);
  return {
    kind: 'flow' as const,
    regionZone: context.contactSettings[region].hours.timeZone,
    topic: params.get('topic') ?? '',
    seen: params.get('seen') ?? '',
    slots: await listBookableSlots(contacts, region),
  };
}

export const meta = headedPageMeta('bookACall', { noIndex: true });

type ActionData =
  | { step: 'confirm'; values: Values; requestKey: string }
  | { step: 'taken'; values: Values; requestKey: string; nextSlots: BookableSlot[] }
  | { step: 'already'; booking: BookingView }
  | { step: 'received' }
  | { moveTaken: BookableSlot[] };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = Object.fromEntries(FIELDS.map((name) => [name, text(name).trim()])) as Values;
  const formId = text('formId');
  if (!context.verifyCsrf(form)) return rejected(formId, CSRF_REJECTED.message, values, 403);
  const contacts = bookingContext(context);
  const here = routeContractFor(context.config).path('bookACall') ?? '/';
  const token = text('booking');
  const bookingRequest = {
    ...values,
    region: visitorRegion(request, context),
    requestKey: text('requestKey'),
  };
  switch (text('intent')) {
    case 'review': {
      const problem = bookingProblem(contacts, bookingRequest);
      if (problem) return rejected('book', problem.message, values, 400, problem.field);
      return { step: 'confirm', values, requestKey: pageToken() } satisfies ActionData;
    }
    case 'book': {
      if (isHoneypotFilled(values[HONEYPOT_FIELD]))
        return { step: 'received' } satisfies ActionData;
      // Counted only for a form that books: a refused one leaves nothing behind.
      const problem = bookingProblem(contacts, bookingRequest);
      if (problem) return rejected('book', problem.message, values, 400, problem.field);
      const limited = await contactLimitProblem(context, values.email);
      if (limited) return rejected('confirm', limited, values, 429);
      const outcome = await bookCall(contacts, bookingRequest);
      // The visitor the hub showed help to went on to reach a person (deflection).
      if (outcome.kind === 'booked' && text('seen'))
        await recordReachedPerson(context.db, text('seen'), context.clock.now());
      if (outcome.kind === 'booked')
        return redirect(`${here}?booking=${encodeURIComponent(outcome.token)}&new`, 303);
      if (outcome.kind === 'already-booked')
        return { step: 'already', booking: outcome.booking } satisfies ActionData;
      if (outcome.kind === 'taken') {
        const next = { values, requestKey: pageToken(), nextSlots: outcome.nextSlots };
        return { step: 'taken', ...next } satisfies ActionData;
      }
      return rejected('book', outcome.message, values, 400, outcome.field);
    }
    case 'move': {
      const outcome = await rescheduleBooking(contacts, token, values.startsAt);
      if (outcome.kind === 'done')
        return redirect(`${here}?booking=${encodeURIComponent(token)}&moved`, 303);
      if (outcome.kind === 'taken') return { moveTaken: outcome.nextSlots } satisfies ActionData;
      if (outcome.kind === 'invalid')
        return rejected('move', outcome.message, values, 400, 'startsAt');
      return rejected('move', 'This call was cancelled, so it cannot be moved.', values, 409);
    }
    case 'cancel': {
      await cancelBooking(contacts, token);
      return redirect(`${here}?booking=${encodeURIComponent(token)}&cancelled`, 303);
    }
    default:
      return rejected(
        formId,
        'This form could not be sent. Reload the page and try again.',
        values,
        400,
      );
  }
}

export default function BookACallPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>
          {page.kind === 'manage' ? 'Your call with support' : 'Book a call'}
        </h1>
      </header>
      {page.kind === 'manage' ? <ManageBooking {...page} /> : <BookingFlow {...page} />}
    </div>
  );
}

function BookingFlow({
  regionZone,
  topic,
  seen,
  slots,
}: {
  regionZone: string;
  topic: string;
  seen: string;
  slots: BookableSlot[];
}) {
  const zone = useVisitorTimeZone(regionZone);
  const result = useActionData<ActionData>();
  if (result && 'step' in result && result.step === 'received') {
    return (
      <p role="status" className={styles.notice}>
        Thank you. We have your request.
      </p>
    );
  }
  if (result && 'step' in result && result.step === 'already') {
    return (
      <>
        <p role="status">
          You booked this call already. The e-mail we sent has the links to move or cancel it.
        </p>
        <BookingSummary booking={result.booking} zone={zone} />
      </>
    );
  }
  if (result && 'step' in result && (result.step === 'confirm' || result.step === 'taken')) {
    const taken = result.step === 'taken';
    const hidden = { ...result.values, timeZone: zone, requestKey: result.requestKey };
    return (
      <>
        {taken ? (
          <p role="alert" className={styles.warning}>
            Someone booked the last place at that time while you were deciding. Choose one of the
            next free times below.
          </p>
        ) : (
          <p className={styles.intro}>Check the details and confirm the call.</p>
        )}
        <CommunityForm
          formId="confirm"
          intent="book"
          label="Confirm the call"
          hidden={taken ? withoutSlot(hidden) : hidden}
          submitLabel="Confirm the call"
          pendingLabel="Booking…"
        >
          {taken ? (
            <SlotChoices slots={result.nextSlots} zone={zone} legend="Next free times" />
          ) : (
            <BookingSummary
              booking={{ ...result.values, topicLabel: topicLabel(result.values.topic) }}
              zone={zone}
            />
          )}
        </CommunityForm>
      </>
    );
  }
  return (
    <>
      <p className={styles.intro}>
        Choose what the call is about and a time; an agent calls you then. You get an e-mail with a
        calendar invitation and links to move or cancel the call.
      </p>
      <CommunityForm
        formId="book"
        intent="review"
        label="Book a call"
        hidden={{ timeZone: zone, seen }}
        submitLabel="Continue"
      >
        <RadioChoices
          name="topic"
          legend="What is the call about?"
          defaultValue={topic}
          options={CALL_TOPICS.map((each) => ({ value: each.key, label: each.label }))}
        />
        <SlotChoices slots={slots} zone={zone} legend="When should we call?" />
        <TextField name="name" label="Your name" required maxLength={120} />
        <TextField name="email" label="Your e-mail address" required maxLength={254} />
        <HoneypotField />
      </CommunityForm>
    </>
  );
}

/** The confirm form after a slot went: the new time comes from the choices, not a hidden field. */
function withoutSlot(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => name !== 'startsAt'));
}

function topicLabel(key: string): string {
  return CALL_TOPICS.find((topic) => topic.key === key)?.label ?? key;
}
