import {
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import {
  COMMENT_MAX,
  IDEA_STATUSES,
  IDEA_STATUS_LABELS,
  isIdeaStatus,
  type FlagInput,
} from '~core/community';
import { pageHeading, IDEAS_PATH, ideaPath } from '~core/routes';
import { countLabel } from '~core/ui';
import {
  commentOnIdea,
  flagItem,
  getIdea,
  setHidden,
  setIdeaStatus,
  voteForIdea,
} from './community-service.server.ts';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { SelectField, TextArea } from '~app/components/community/CommunityFormFields.tsx';
import { MemberLine } from '~app/components/community/MemberLine.tsx';
import { FlagControl, HideControl } from '~app/components/community/PostControls.tsx';
import { PostedAnnouncer } from '~app/components/community/PostedAnnouncer.tsx';
import { SignInLink } from '~app/components/community/SignInLink.tsx';
import { communityDate, postAnchor } from '~app/components/community/display.ts';
import styles from '~app/components/community/community.module.css';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { routeContractFor } from '~app/site.ts';
import { useViewer } from '~app/viewer.ts';
import { notFound, trail } from '../kb/page-data.server.ts';
import {
  communityContext,
  done,
  pageToken,
  rejected,
  runCommunityAction,
} from './community.server.ts';

const IDEA_ANCHOR = 'idea';
const COMMENT_ANCHOR = 'comment';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { config } = context;
  const idea = await getIdea(communityContext(context), params.id ?? '');
  if (!idea) return notFound();
  const contract = routeContractFor(config);
  const canonicalUrl = `${config.siteUrl}${ideaPath(idea.id)}`;
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [
      { label: pageHeading('community', config), path: contract.path('community') },
      { label: 'Product ideas', path: IDEAS_PATH },
    ],
    { label: idea.title, url: canonicalUrl },
  );
  const seo: PageSeo = {
    heading: idea.title,
    description: idea.excerpt,
    canonicalUrl,
    type: 'article',
    published: idea.createdAt,
  };
  return { seo, idea, breadcrumbs, pageToken: pageToken() };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export async function action(args: ActionFunctionArgs) {
  const ideaId = args.params.id ?? '';
  const backTo = (anchor: string) => redirect(`${ideaPath(ideaId)}#${anchor}`, 303);
  return runCommunityAction(args, {
    vote: async (_form, community) => {
      await voteForIdea(community, ideaId);
      return backTo(IDEA_ANCHOR);
    },
    comment: async (form, community) => {
      const { id } = await commentOnIdea(community, ideaId, {
        body: form.text('body'),
        idempotencyKey: form.idempotencyKey,
      });
      return backTo(postAnchor(id));
    },
    status: async (form, community) => {
      const status = form.text('status');
      if (!isIdeaStatus(status)) {
        return rejected(form.formId, 'Choose one of the statuses.', { status }, 400, 'status');
      }
      await setIdeaStatus(community, ideaId, status);
      return backTo(IDEA_ANCHOR);
    },
    flag: async (form, community) => {
      const target = form.text('target') === 'idea-comment' ? 'idea-comment' : 'idea';
      await flagItem(community, target, form.text('targetId'), {
        // The service validates the reason against the offered ones.
        reason: form.text('reason') as FlagInput['reason'],
        note: form.text('note'),
      });
      return done(form.formId, 'Thanks for your report. A moderator will review it.');
    },
    hide: async (form, community) => {
      const target = form.text('target') === 'idea-comment' ? 'idea-comment' : 'idea';
      await setHidden(community, target, form.text('targetId'), true);
      return backTo(target === 'idea' ? IDEA_ANCHOR : postAnchor(form.text('targetId')));
    },
    restore: async (form, community) => {
      const target = form.text('target') === 'idea-comment' ? 'idea-comment' : 'idea';
      await setHidden(community, target, form.text('targetId'), false);
      return backTo(target === 'idea' ? IDEA_ANCHOR : postAnchor(form.text('targetId')));
    },
  });
}

export default function IdeaPage() {
  const { idea, breadcrumbs, pageToken } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const votes = countLabel(idea.voteCount, 'vote');
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <PostedAnnouncer pageTarget={postAnchor(idea.id)} />
      <article aria-labelledby="idea-title">
        <header className={styles.header} id={IDEA_ANCHOR}>
          <p className={styles.eyebrow}>Product idea</p>
          <h1 id="idea-title" className={styles.title}>
            {idea.title}
          </h1>
          <ul className={styles.meta} aria-label="About this idea">
            <li>
              <span className={styles.badge}>{IDEA_STATUS_LABELS[idea.status]}</span>
            </li>
            <li>{votes}</li>
            <li>{countLabel(idea.commentCount, 'comment')}</li>
            {idea.statusChangedAt ? (
              <li>
                Status set{' '}
                <time dateTime={idea.statusChangedAt}>{communityDate(idea.statusChangedAt)}</time>
              </li>
            ) : null}
            {idea.hidden ? (
              <li>
                <span className={styles.badge}>Hidden</span>
              </li>
            ) : null}
          </ul>
        </header>
        <section className={styles.post} id={postAnchor(idea.id)} aria-label="Idea">
          <MemberLine member={idea.author} date={idea.createdAt} verb="Proposed" />
          <div className={styles.body}>
            <RichText html={idea.bodyHtml} />
          </div>
          <div className={styles.actions}>
            {viewer.isGuest ? (
              <SignInLink anchor={IDEA_ANCHOR} className={styles.button}>
                Vote <span>({votes})</span>
              </SignInLink>
            ) : idea.votedByViewer ? (
              <span className={styles.badge}>You voted · {votes}</span>
            ) : idea.can.vote ? (
              <CommunityForm
                formId="vote"
                intent="vote"
                submitLabel={`Vote (${votes})`}
                buttonLabel={`Vote for this idea, ${votes} so far`}
                className={styles.inlineForm}
              />
            ) : null}
            {idea.can.moderate ? (
              <HideControl target="idea" id={idea.id} hidden={idea.hidden} what="idea" />
            ) : null}
          </div>
          {idea.can.flag ? (
            <FlagControl target="idea" id={idea.id} what="idea" anchor={IDEA_ANCHOR} />
          ) : null}
          {idea.can.setStatus ? (
            <details className={styles.details}>
              <summary>Change the status</summary>
              <CommunityForm
                formId="status"
                intent="status"
                submitLabel="Set status"
                pendingLabel="Saving…"
                label="Change the status"
              >
                <SelectField
                  name="status"
                  label="Status"
                  required
                  defaultValue={idea.status}
                  options={IDEA_STATUSES.map((status) => ({
                    value: status,
                    label: IDEA_STATUS_LABELS[status],
                  }))}
                />
              </CommunityForm>
            </details>
          ) : null}
        </section>
        <section className={styles.section} aria-labelledby="comments-heading">
          <h2 id="comments-heading" className={styles.sectionTitle}>
            {countLabel(idea.comments.length, 'comment')}
          </h2>
          {idea.comments.length > 0 ? (
            <ul className={styles.answers}>
              {idea.comments.map((comment) => (
                <li
                  key={comment.id}
                  id={postAnchor(comment.id)}
                  className={comment.hidden ? `${styles.post} ${styles.hiddenPost}` : styles.post}
                >
                  <MemberLine member={comment.author} date={comment.createdAt} />
                  {comment.hidden ? <span className={styles.badge}>Hidden</span> : null}
                  <RichText html={comment.bodyHtml} />
                  {idea.can.moderate ? (
                    <div className={styles.actions}>
                      <HideControl
                        target="idea-comment"
                        id={comment.id}
                        hidden={comment.hidden}
                        what="comment"
                      />
                    </div>
                  ) : null}
                  {viewer.isGuest ? null : (
                    <FlagControl
                      target="idea-comment"
                      id={comment.id}
                      what="comment"
                      anchor={postAnchor(comment.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>No comments yet.</p>
          )}
        </section>
        <section className={styles.section} id={COMMENT_ANCHOR} aria-labelledby="comment-heading">
          <h2 id="comment-heading" className={styles.sectionTitle}>
            Add a comment
          </h2>
          {viewer.isGuest ? (
            <p>
              <SignInLink anchor={COMMENT_ANCHOR}>Sign in to comment</SignInLink>
            </p>
          ) : idea.can.comment ? (
            <CommunityForm
              key={`comment-${idea.comments.length}`}
              formId="comment"
              intent="comment"
              pageToken={pageToken}
              posts="comment"
              submitLabel="Post comment"
              pendingLabel="Posting…"
            >
              <TextArea
                name="body"
                label="Comment"
                required
                maxLength={COMMENT_MAX}
                checkBannedWords
                rows={4}
              />
            </CommunityForm>
          ) : null}
        </section>
      </article>
    </div>
  );
}
