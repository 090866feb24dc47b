import { useActionData } from 'react-router';
import type { BookableSlot } from '~core/contact';
import { CommunityForm } from '../community/CommunityForm.tsx';
import styles from '../community/community.module.css';
import { LocalTime, useVisitorTimeZone } from './LocalTime.tsx';
import { SlotChoices } from './SlotChoices.tsx';
import contactStyles from './contact.module.css';

interface SummaryFields {
  topicLabel: string;
  name: string;
  email: string;
  startsAt: string;
}

/** What a call is about, when, and who is called. */
export function BookingSummary({ booking, zone }: { booking: SummaryFields; zone: string }) {
  return (
    <dl className={contactStyles.summary}>
      <dt>About</dt>
      <dd>{booking.topicLabel}</dd>
      <dt>When</dt>
      <dd>
        <LocalTime at={booking.startsAt} zone={zone} />
      </dd>
      <dt>Name</dt>
      <dd>{booking.name}</dd>
      <dt>E-mail</dt>
      <dd>{booking.email}</dd>
    </dl>
  );
}

const NEWS = {
  new: 'Your call is booked. We sent you an e-mail with a calendar invitation.',
  moved: 'Your call has moved. We sent you an e-mail with the new time.',
  cancelled: 'Your call is cancelled.',
} as const;

/** A booking as its link's holder sees it: move it to another free time, or cancel it. */
export function ManageBooking({
  token,
  booking,
  slots,
  news,
}: {
  token: string;
  booking: SummaryFields & { status: 'booked' | 'cancelled'; timeZone: string };
  slots: BookableSlot[];
  news: string | undefined;
}) {
  const zone = useVisitorTimeZone(booking.timeZone);
  const result = useActionData<{ moveTaken?: BookableSlot[] }>();
  const moveTaken = result && 'moveTaken' in result ? result.moveTaken : undefined;
  return (
    <>
      {news && news in NEWS ? (
        <p role="status" className={styles.notice}>
          {NEWS[news as keyof typeof NEWS]}
        </p>
      ) : null}
      <BookingSummary booking={booking} zone={zone} />
      {booking.status === 'cancelled' ? (
        <p>This call is cancelled. You can book another one at any time.</p>
      ) : (
        <>
          <h2 className={styles.sectionTitle}>Move the call</h2>
          {moveTaken ? (
            <p role="alert" className={styles.warning}>
              Someone booked the last place at that time meanwhile. Choose one of the next free
              times.
            </p>
          ) : null}
          <CommunityForm
            formId="move"
            intent="move"
            label="Move the call"
            hidden={{ booking: token }}
            submitLabel="Move the call"
          >
            <SlotChoices
              slots={moveTaken ?? slots.filter((slot) => slot.startsAt !== booking.startsAt)}
              zone={zone}
              legend="New time"
            />
          </CommunityForm>
          <h2 className={styles.sectionTitle}>Cancel the call</h2>
          <CommunityForm
            formId="cancel"
            intent="cancel"
            label="Cancel the call"
            hidden={{ booking: token }}
            submitLabel="Cancel the call"
          />
        </>
      )}
    </>
  );
}
