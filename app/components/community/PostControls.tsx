import { FLAG_REASONS, FLAG_REASON_LABELS, FLAG_REASON_MAX } from '~core/community';
import { countLabel } from '~core/ui';
import { RichText } from '../rich-text/RichText.tsx';
import { useViewer } from '~app/viewer.ts';
import { CommunityForm, useFormResult } from './CommunityForm.tsx';
import { SelectField, TextArea, TextField } from './CommunityFormFields.tsx';
import { MemberLine } from './MemberLine.tsx';
import { SignInLink } from './SignInLink.tsx';
import { communityDate } from './display.ts';
import styles from './community.module.css';

/**
 * Upvoting a post: a button while the viewer may, 'Upvoted' once they have, the count alone on
 * their own post, and a sign-in link for guests.
 */
export function UpvoteControl({
  postId,
  count,
  upvoted,
  canUpvote,
  what,
  anchor,
}: {
  postId: string;
  count: number;
  upvoted: boolean;
  canUpvote: boolean;
  /** 'question', 'answer': names the button for assistive technology. */
  what: string;
  anchor: string;
}) {
  const viewer = useViewer();
  const label = countLabel(count, 'upvote');
  if (viewer.isGuest) {
    return (
      <SignInLink anchor={anchor}>
        Upvote <span className={styles.muted}>({label})</span>
      </SignInLink>
    );
  }
  if (upvoted) {
    return <span className={styles.badge}>Upvoted · {label}</span>;
  }
  if (!canUpvote) return <span className={styles.muted}>{label}</span>;
  return (
    <CommunityForm
      formId={`upvote-${postId}`}
      intent="upvote"
      hidden={{ postId }}
      submitLabel={`Upvote (${label})`}
      buttonLabel={`Upvote this ${what}, ${label} so far`}
      buttonClassName={styles.quietButton}
      className={styles.inlineForm}
    />
  );
}

/** The edit form of one's own post, folded away until asked for. */
export function EditControl({
  postId,
  intent,
  markdown,
  title,
  what,
  revision,
}: {
  postId: string;
  intent: 'edit-discussion' | 'edit-post';
  markdown: string;
  /** Questions edit their title too. */
  title?: string;
  what: string;
  /** Changes after each edit, so the form opens fresh on the edited text. */
  revision: string;
}) {
  const formId = `edit-${postId}`;
  const { rejection } = useFormResult(formId);
  return (
    <details className={styles.details} open={rejection ? true : undefined} key={revision}>
      <summary>Edit your {what}</summary>
      <CommunityForm
        formId={formId}
        intent={intent}
        hidden={{ postId }}
        submitLabel="Save changes"
        pendingLabel="Saving…"
        label={`Edit your ${what}`}
      >
        {title !== undefined ? (
          <TextField name="title" label="Title" defaultValue={title} required checkBannedWords />
        ) : null}
        <TextArea
          name="body"
          label="Text"
          hint="Markdown is supported. The earlier version stays in the edit history."
          defaultValue={markdown}
          required
          checkBannedWords
        />
      </CommunityForm>
    </details>
  );
}

export interface RevisionView {
  editedAt: string;
  editedBy: { id: string; name: string };
  title: string | null;
  bodyHtml: string;
}

/** Earlier versions of a post, newest first, folded away. */
export function HistoryControl({ revisions }: { revisions: readonly RevisionView[] }) {
  if (revisions.length === 0) return null;
  return (
    <details className={styles.details}>
      <summary>Edit history ({countLabel(revisions.length, 'earlier version')})</summary>
      <ol className={styles.history}>
        {revisions.map((revision) => (
          <li key={revision.editedAt} className={styles.historyItem}>
            <MemberLine member={revision.editedBy} date={revision.editedAt} verb="Replaced" />
            {revision.title ? <p className={styles.authorName}>{revision.title}</p> : null}
            <RichText html={revision.bodyHtml} />
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Reporting a post, idea or comment with a reason; guests are asked to sign in. */
export function FlagControl({
  target,
  id,
  what,
  anchor,
}: {
  target: 'post' | 'idea' | 'idea-comment';
  id: string;
  what: string;
  anchor: string;
}) {
  const viewer = useViewer();
  const formId = `flag-${id}`;
  const { rejection, done } = useFormResult(formId);
  if (viewer.isGuest) return null;
  if (done) {
    return (
      <p role="status" className={styles.notice}>
        {done.message}
      </p>
    );
  }
  return (
    <details className={styles.details} open={rejection ? true : undefined} id={`${anchor}-report`}>
      <summary>Report this {what}</summary>
      <CommunityForm
        formId={formId}
        intent="flag"
        hidden={{ target, targetId: id }}
        submitLabel="Send report"
        pendingLabel="Sending…"
        buttonClassName={styles.quietButton}
        label={`Report this ${what}`}
      >
        <SelectField
          name="reason"
          label="Why are you reporting it?"
          required
          options={FLAG_REASONS.map((reason) => ({
            value: reason,
            label: FLAG_REASON_LABELS[reason],
          }))}
        />
        <TextArea
          name="note"
          label="Anything a moderator should know"
          hint="Needed when you choose ‘Something else’."
          maxLength={FLAG_REASON_MAX}
          rows={3}
        />
      </CommunityForm>
    </details>
  );
}

/** An admin's hide or restore button for one item. */
export function HideControl({
  target,
  id,
  hidden,
  what,
}: {
  target: 'post' | 'idea' | 'idea-comment';
  id: string;
  hidden: boolean;
  what: string;
}) {
  return (
    <CommunityForm
      formId={`hide-${id}`}
      intent={hidden ? 'restore' : 'hide'}
      hidden={{ target, targetId: id }}
      submitLabel={hidden ? 'Restore' : 'Hide'}
      buttonLabel={`${hidden ? 'Restore' : 'Hide'} this ${what}`}
      buttonClassName={hidden ? styles.quietButton : styles.dangerButton}
      className={styles.inlineForm}
    />
  );
}

/** 'Edited' with the date, for posts whose text changed after posting. */
export function EditedNote({ editedAt }: { editedAt: string | null }) {
  if (!editedAt) return null;
  return (
    <span className={styles.muted}>
      Edited <time dateTime={editedAt}>{communityDate(editedAt)}</time>
    </span>
  );
}
