import { COMMENT_MAX, type Answer, type Comment, type PostRevision } from '~core/community';
import { RichText } from '../rich-text/RichText.tsx';
import { useViewer } from '~app/viewer.ts';
import { CommunityForm, useFormResult } from './CommunityForm.tsx';
import { TextArea } from './CommunityFormFields.tsx';
import { MemberLine } from './MemberLine.tsx';
import {
  EditControl,
  EditedNote,
  FlagControl,
  HideControl,
  HistoryControl,
  UpvoteControl,
} from './PostControls.tsx';
import { postAnchor } from './display.ts';
import styles from './community.module.css';

/** One answer of a discussion: its marks, body, controls, edit history and comments. */
export function AnswerItem({
  answer,
  revisions,
  pageToken,
}: {
  answer: Answer;
  revisions: PostRevision[];
  pageToken: string;
}) {
  const anchor = postAnchor(answer.id);
  const classes = [
    styles.post,
    answer.isBest ? styles.bestPost : '',
    answer.hidden ? styles.hiddenPost : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      id={anchor}
      className={classes}
      aria-label={
        answer.isBest ? `Best answer by ${answer.author.name}` : `Answer by ${answer.author.name}`
      }
    >
      {answer.isBest || answer.hidden ? (
        <ul className={styles.meta}>
          {answer.isBest ? (
            <li>
              <span className={styles.answered}>Best answer</span>
            </li>
          ) : null}
          {answer.hidden ? (
            <li>
              <span className={styles.badge}>Hidden</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <MemberLine member={answer.author} date={answer.createdAt} verb="Answered" />
      <div className={styles.body}>
        <RichText html={answer.bodyHtml} />
      </div>
      <EditedNote editedAt={answer.editedAt} />
      <div className={styles.actions}>
        <UpvoteControl
          postId={answer.id}
          count={answer.upvoteCount}
          upvoted={answer.upvotedByViewer}
          canUpvote={answer.can.upvote}
          what="answer"
          anchor={anchor}
        />
        {answer.can.markBest && !answer.isBest ? (
          <CommunityForm
            formId={`best-${answer.id}`}
            intent="best"
            hidden={{ postId: answer.id }}
            submitLabel="Mark as best answer"
            buttonLabel={`Mark the answer by ${answer.author.name} as the best answer`}
            buttonClassName={styles.quietButton}
            className={styles.inlineForm}
          />
        ) : null}
        {answer.can.moderate ? (
          <HideControl target="post" id={answer.id} hidden={answer.hidden} what="answer" />
        ) : null}
      </div>
      {answer.can.edit ? (
        <EditControl
          postId={answer.id}
          intent="edit-post"
          markdown={answer.bodyMarkdown}
          what="answer"
          revision={`${answer.revisionCount}`}
        />
      ) : null}
      <HistoryControl revisions={revisions} />
      {answer.can.flag ? (
        <FlagControl target="post" id={answer.id} what="answer" anchor={anchor} />
      ) : null}
      <Comments
        postId={answer.id}
        comments={answer.comments}
        canComment={!answer.hidden}
        pageToken={pageToken}
        what="answer"
      />
    </li>
  );
}

/** The comments under a question or an answer, with the form to add one. */
export function Comments({
  postId,
  comments,
  canComment,
  pageToken,
  what,
}: {
  postId: string;
  comments: Comment[];
  canComment: boolean;
  pageToken: string;
  what: string;
}) {
  const viewer = useViewer();
  const formId = `comment-${postId}`;
  const { rejection } = useFormResult(formId);
  return (
    <div>
      {comments.length > 0 ? (
        <ul className={styles.comments} aria-label={`Comments on this ${what}`}>
          {comments.map((comment) => (
            <li key={comment.id} id={postAnchor(comment.id)} className={styles.comment}>
              <MemberLine member={comment.author} date={comment.createdAt} />
              {comment.hidden ? <span className={styles.badge}>Hidden</span> : null}
              <RichText html={comment.bodyHtml} />
              <EditedNote editedAt={comment.editedAt} />
              {comment.can.moderate ? (
                <div className={styles.actions}>
                  <HideControl
                    target="post"
                    id={comment.id}
                    hidden={comment.hidden}
                    what="comment"
                  />
                </div>
              ) : null}
              {comment.can.edit ? (
                <EditControl
                  postId={comment.id}
                  intent="edit-post"
                  markdown={comment.bodyMarkdown}
                  what="comment"
                  revision={comment.editedAt ?? ''}
                />
              ) : null}
              {comment.can.flag ? (
                <FlagControl
                  target="post"
                  id={comment.id}
                  what="comment"
                  anchor={postAnchor(comment.id)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {viewer.isGuest ? null : canComment ? (
        <details
          className={styles.details}
          key={`${formId}-${comments.length}`}
          open={rejection ? true : undefined}
        >
          <summary>Add a comment</summary>
          <CommunityForm
            formId={formId}
            intent="comment"
            pageToken={pageToken}
            posts="comment"
            hidden={{ postId }}
            submitLabel="Post comment"
            pendingLabel="Posting…"
            label={`Comment on this ${what}`}
          >
            <TextArea
              name="body"
              label="Comment"
              required
              checkBannedWords
              maxLength={COMMENT_MAX}
              rows={3}
            />
          </CommunityForm>
        </details>
      ) : null}
    </div>
  );
}
