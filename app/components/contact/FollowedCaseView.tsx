import { RichText } from '../rich-text/RichText.tsx';
import { CommunityForm } from '../community/CommunityForm.tsx';
import { TextArea } from '../community/CommunityFormFields.tsx';
import styles from '../community/community.module.css';
import contact from './contact.module.css';

/*
 * A case shown to its owner without an account, by the signed link of its e-mails: the public
 * conversation and a reply form.
 */

export interface FollowedCaseData {
  caseNumber: string;
  subject: string;
  statusLabel: string;
  createdAt: string;
  descriptionHtml: string;
  messages: {
    id: string;
    authorName: string;
    fromSupport: boolean;
    bodyHtml: string;
    createdAt: string;
  }[];
  mayReply: boolean;
  token: string;
  /** The reply form's one-time key: the same form sent twice stores one reply. */
  replyKey: string;
}

const day = (at: string) => at.slice(0, 10);

export function FollowedCaseView({
  followed,
  replied,
}: {
  followed: FollowedCaseData;
  replied: boolean;
}) {
  return (
    <>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Case {followed.caseNumber}</p>
        <h1 className={styles.title}>{followed.subject}</h1>
        <p className={styles.meta}>
          {followed.statusLabel} · raised {day(followed.createdAt)}
        </p>
      </header>
      {replied ? (
        <p role="status" className={styles.notice}>
          Your reply is on the case. We e-mail you when our team answers.
        </p>
      ) : null}
      <section className={styles.section} aria-labelledby="conversation">
        <h2 id="conversation" className={styles.sectionTitle}>
          Conversation
        </h2>
        <ol className={contact.conversation}>
          <li className={contact.message}>
            <p className={styles.meta}>You wrote, {day(followed.createdAt)}</p>
            <RichText html={followed.descriptionHtml} />
          </li>
          {followed.messages.map((message) => (
            <li key={message.id} className={contact.message}>
              <p className={styles.meta}>
                {message.fromSupport ? `${message.authorName} (support team)` : message.authorName},{' '}
                {day(message.createdAt)}
              </p>
              <RichText html={message.bodyHtml} />
            </li>
          ))}
        </ol>
      </section>
      {followed.mayReply ? (
        <section className={styles.section} aria-labelledby="reply">
          <h2 id="reply" className={styles.sectionTitle}>
            Reply
          </h2>
          <CommunityForm
            formId="reply"
            intent="reply"
            label="Reply to the case"
            hidden={{ case: followed.token, idempotencyKey: followed.replyKey }}
            submitLabel="Send the reply"
            pendingLabel="Sending…"
          >
            <TextArea name="body" label="Your reply" required maxLength={20000} rows={5} />
          </CommunityForm>
        </section>
      ) : (
        <p className={styles.muted}>This case is closed, so it takes no more replies.</p>
      )}
    </>
  );
}
