import type { DiscussionDetail, MemberRef } from '~core/community';
import { textOfHtml } from '~core/content';
import { postAnchor } from '~app/components/community/display.ts';
import { qaPageJsonLd, type JsonLd, type QaPost } from '~app/seo/json-ld.ts';

/**
 * A discussion as structured data (QAPage), with what everyone may read: an answer a moderator
 * hid stays out even when the viewer is the moderator, since the page may be shared.
 */
export function discussionJsonLd(discussion: DiscussionDetail, canonicalUrl: string): JsonLd {
  const postOf = (
    post: {
      id: string;
      bodyHtml: string;
      author: MemberRef;
      createdAt: string;
      upvoteCount: number;
    },
    url: string,
  ): QaPost => ({
    text: textOfHtml(post.bodyHtml).trim(),
    author: post.author.name,
    dateCreated: post.createdAt,
    upvoteCount: post.upvoteCount,
    url,
  });
  const answers = discussion.answers
    .filter((answer) => !answer.hidden)
    .map((answer) => ({
      isBest: answer.isBest,
      post: postOf(answer, `${canonicalUrl}#${postAnchor(answer.id)}`),
    }));
  const best = answers.find((answer) => answer.isBest)?.post;
  return qaPageJsonLd({
    title: discussion.title,
    question: postOf(discussion, canonicalUrl),
    ...(best ? { bestAnswer: best } : {}),
    otherAnswers: answers.filter((answer) => !answer.isBest).map((answer) => answer.post),
  });
}
