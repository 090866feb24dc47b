import {
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import type { FlagInput, PostRevision } from '~core/community';
import { pageHeading } from '~core/routes';
import { countLabel } from '~core/ui';
import {
  answerDiscussion,
  commentOnPost,
  editDiscussion,
  editPost,
  flagItem,
  followDiscussion,
  getDiscussion,
  getPostHistory,
  markBestAnswer,
  setHidden,
  setLocked,
  upvotePost,
} from './community-service.server.ts';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { TextArea } from '~app/components/community/CommunityFormFields.tsx';
import { MemberLine } from '~app/components/community/MemberLine.tsx';
import {
  EditControl,
  EditedNote,
  FlagControl,
  HideControl,
  HistoryControl,
  UpvoteControl,
} from '~app/components/community/PostControls.tsx';
import { SignInLink } from '~app/components/community/SignInLink.tsx';
import {
  ANSWER_ANCHOR,
  communityDate,
  postAnchor,
  QUESTION_ANCHOR,
} from '~app/components/community/display.ts';
import { DiscussionStatus } from '~app/components/community/DiscussionStatus.tsx';
import { TopicTags } from '~app/components/community/TopicTags.tsx';
import { AnswerItem, Comments } from '~app/components/community/DiscussionPosts.tsx';
import { PostedAnnouncer } from '~app/components/community/PostedAnnouncer.tsx';
import styles from '~app/components/community/community.module.css';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import { breadcrumbListJsonLd } from '~app/seo/json-ld.ts';
import { routeContractFor } from '~app/site.ts';
import { useViewer } from '~app/viewer.ts';
import { notFound, trail } from '../kb/page-data.server.ts';
import { communityContext, done, pageToken, runCommunityAction } from './community.server.ts';
import { discussionJsonLd } from './discussion-json-ld.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { config } = context;
  const community = communityContext(context);
  const discussion = await getDiscussion(community, params.id ?? '');
  if (!discussion) return notFound();
  const contract = routeContractFor(config);
  const canonicalUrl = contract.url('discussion', { id: discussion.id }) ?? config.siteUrl;
  const topic = discussion.topics[0];
  const { breadcrumbs, crumbs } = trail(
    contract,
    config.siteUrl,
    [
      { label: pageHeading('community', config), path: contract.path('community') },
      ...(topic ? [{ label: topic.name, path: contract.path('topic', { id: topic.id }) }] : []),
    ],
    { label: discussion.title, url: canonicalUrl },
  );

  // Only edited posts have a history; each is asked for once.
  const edited = [
    ...(discussion.revisionCount > 0 ? [discussion.id] : []),
    ...discussion.answers.filter((answer) => answer.revisionCount > 0).map((answer) => answer.id),
  ];
  const histories: Record<string, PostRevision[]> = {};
  for (const postId of edited) {
    histories[postId] = (await getPostHistory(community, postId)) ?? [];
  }

  const seo: PageSeo = {
    heading: discussion.title,
    description: discussion.excerpt,
    canonicalUrl,
    type: 'article',
    published: discussion.createdAt,
    modified: discussion.lastActivityAt,
  };
  return {
    seo,
    discussion,
    histories,
    breadcrumbs,
    pageToken: pageToken(),
    jsonLd: [discussionJsonLd(discussion, canonicalUrl), breadcrumbListJsonLd(crumbs)],
  };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export async function action(args: ActionFunctionArgs) {
  const discussionId = args.params.id ?? '';
  const path = routeContractFor(args.context.config).path('discussion', { id: discussionId });
  const backTo = (anchor: string) => redirect(`${path}#${anchor}`, 303);
  // The question's id is the discussion's: its place is the page's top.
  const backToPost = (postId: string) =>
    backTo(postId === discussionId ? QUESTION_ANCHOR : postAnchor(postId));
  return runCommunityAction(args, {
    answer: async (form, community) => {
      const { id } = await answerDiscussion(community, discussionId, {
        body: form.text('body'),
        idempotencyKey: form.idempotencyKey,
      });
      return backTo(postAnchor(id));
    },
    comment: async (form, community) => {
      const { id } = await commentOnPost(community, form.text('postId'), {
        body: form.text('body'),
        idempotencyKey: form.idempotencyKey,
      });
      return backTo(postAnchor(id));
    },
    'edit-discussion': async (form, community) => {
      await editDiscussion(community, discussionId, {
        title: form.text('title'),
        body: form.text('body'),
      });
      return backTo(QUESTION_ANCHOR);
    },
    'edit-post': async (form, community) => {
      await editPost(community, form.text('postId'), { body: form.text('body') });
      return backToPost(form.text('postId'));
    },
    best: async (form, community) => {
      await markBestAnswer(community, form.text('postId'));
      return backTo(postAnchor(form.text('postId')));
    },
    upvote: async (form, community) => {
      await upvotePost(community, form.text('postId'));
      return backToPost(form.text('postId'));
    },
    follow: async (_form, community) => {
      await followDiscussion(community, discussionId, true);
      return backTo(QUESTION_ANCHOR);
    },
    unfollow: async (_form, community) => {
      await followDiscussion(community, discussionId, false);
      return backTo(QUESTION_ANCHOR);
    },
    flag: async (form, community) => {
      await flagItem(community, 'post', form.text('targetId'), {
        // The service validates the reason against the offered ones.
        reason: form.text('reason') as FlagInput['reason'],
        note: form.text('note'),
      });
      return done(form.formId, 'Thanks for your report. A moderator will review it.');
    },
    hide: async (form, community) => {
      await setHidden(community, 'post', form.text('targetId'), true);
      return backToPost(form.text('targetId'));
    },
    restore: async (form, community) => {
      await setHidden(community, 'post', form.text('targetId'), false);
      return backToPost(form.text('targetId'));
    },
    lock: async (_form, community) => {
      await setLocked(community, discussionId, true);
      return backTo(QUESTION_ANCHOR);
    },
    unlock: async (_form, community) => {
      await setLocked(community, discussionId, false);
      return backTo(QUESTION_ANCHOR);
    },
  });
}

export default function DiscussionPage() {
  const { discussion, histories, breadcrumbs, pageToken, jsonLd } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const answersHeadingId = 'answers-heading';
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <PostedAnnouncer pageTarget={postAnchor(discussion.id)} />
      <article aria-labelledby="discussion-title">
        <header className={styles.header} id={QUESTION_ANCHOR}>
          <p className={styles.eyebrow}>Discussion</p>
          <h1 id="discussion-title" className={styles.title}>
            {discussion.title}
          </h1>
          <ul className={styles.meta} aria-label="About this discussion">
            <li>
              Asked{' '}
              <time dateTime={discussion.createdAt}>{communityDate(discussion.createdAt)}</time>
            </li>
            <DiscussionStatus
              answered={discussion.answered}
              locked={discussion.locked}
              hidden={discussion.hidden}
            />
            <li>{countLabel(discussion.answerCount, 'answer')}</li>
            {discussion.product ? <li>{discussion.product.name}</li> : null}
          </ul>
          <TopicTags topics={discussion.topics} />
        </header>

        <section className={styles.post} id={postAnchor(discussion.id)} aria-label="Question">
          <MemberLine member={discussion.author} date={discussion.createdAt} verb="Asked" />
          <div className={styles.body}>
            <RichText html={discussion.bodyHtml} />
          </div>
          <EditedNote editedAt={discussion.editedAt} />
          <div className={styles.actions}>
            {discussion.can.answer ? (
              <a className={styles.button} href={`#${ANSWER_ANCHOR}`}>
                Answer
              </a>
            ) : viewer.isGuest && !discussion.locked ? (
              <SignInLink anchor={ANSWER_ANCHOR} className={styles.button}>
                Answer
              </SignInLink>
            ) : null}
            <UpvoteControl
              postId={discussion.id}
              count={discussion.upvoteCount}
              upvoted={discussion.upvotedByViewer}
              canUpvote={discussion.can.upvote}
              what="question"
              anchor={QUESTION_ANCHOR}
            />
            {viewer.isGuest ? (
              <SignInLink anchor={QUESTION_ANCHOR}>Follow</SignInLink>
            ) : discussion.can.follow ? (
              <CommunityForm
                formId="follow"
                intent={discussion.followedByViewer ? 'unfollow' : 'follow'}
                submitLabel={discussion.followedByViewer ? 'Following' : 'Follow'}
                buttonLabel={
                  discussion.followedByViewer
                    ? 'Following this discussion: stop following'
                    : 'Follow this discussion'
                }
                buttonPressed={discussion.followedByViewer}
                buttonClassName={styles.quietButton}
                className={styles.inlineForm}
              />
            ) : null}
            {discussion.can.moderate ? (
              <>
                <HideControl
                  target="post"
                  id={discussion.id}
                  hidden={discussion.hidden}
                  what="discussion"
                />
                <CommunityForm
                  formId="lock"
                  intent={discussion.locked ? 'unlock' : 'lock'}
                  submitLabel={discussion.locked ? 'Unlock' : 'Lock'}
                  buttonLabel={`${discussion.locked ? 'Unlock' : 'Lock'} this discussion`}
                  buttonClassName={styles.quietButton}
                  className={styles.inlineForm}
                />
              </>
            ) : null}
          </div>
          {discussion.can.edit ? (
            <EditControl
              postId={discussion.id}
              intent="edit-discussion"
              markdown={discussion.bodyMarkdown}
              title={discussion.title}
              what="question"
              revision={`${discussion.revisionCount}`}
            />
          ) : null}
          <HistoryControl revisions={histories[discussion.id] ?? []} />
          {discussion.can.flag ? (
            <FlagControl
              target="post"
              id={discussion.id}
              what="question"
              anchor={QUESTION_ANCHOR}
            />
          ) : null}
          <Comments
            postId={discussion.id}
            comments={discussion.comments}
            canComment={discussion.can.comment}
            pageToken={pageToken}
            what="question"
          />
        </section>

        <section className={styles.section} aria-labelledby={answersHeadingId}>
          <h2 id={answersHeadingId} className={styles.sectionTitle}>
            {countLabel(discussion.answers.length, 'answer')}
          </h2>
          {discussion.answers.length > 0 ? (
            <ol className={styles.answers}>
              {discussion.answers.map((answer) => (
                <AnswerItem
                  key={answer.id}
                  answer={answer}
                  revisions={histories[answer.id] ?? []}
                  pageToken={pageToken}
                />
              ))}
            </ol>
          ) : (
            <p className={styles.empty}>No answers yet. Can you help?</p>
          )}
        </section>

        <section className={styles.section} id={ANSWER_ANCHOR} aria-labelledby="answer-heading">
          <h2 id="answer-heading" className={styles.sectionTitle}>
            Your answer
          </h2>
          {discussion.locked ? (
            <p className={styles.notice}>
              This discussion is locked. New answers and comments are closed.
            </p>
          ) : discussion.can.answer ? (
            <CommunityForm
              key={`answer-${discussion.answers.length}`}
              formId="answer"
              intent="answer"
              pageToken={pageToken}
              posts="answer"
              submitLabel="Post your answer"
              pendingLabel="Posting…"
            >
              <TextArea
                name="body"
                label="Answer"
                hint="Markdown is supported. Please don’t include personal or account details."
                required
                checkBannedWords
                rows={8}
              />
            </CommunityForm>
          ) : viewer.isGuest ? (
            <p>
              <SignInLink anchor={ANSWER_ANCHOR}>Sign in to answer</SignInLink>
            </p>
          ) : null}
        </section>
      </article>
      <JsonLd data={jsonLd} />
    </div>
  );
}
