import { redirect, type ActionFunctionArgs, type AppLoadContext } from 'react-router';
import { followTopic, listTopicDiscussions } from './community-service.server.ts';
import { TOPIC_DISCUSSIONS_ANCHOR } from '~app/components/community/display.ts';
import { routeContractFor } from '~app/site.ts';
import { communityContext, runCommunityAction } from './community.server.ts';

/** How many of a topic's discussions its page shows; the rest are a search away. */
const TOPIC_PAGE_DISCUSSIONS = 10;

/** A knowledge-base topic page's community part: its latest discussions and follow state. */
export async function topicDiscussions(context: AppLoadContext, topicId: string) {
  const found = await listTopicDiscussions(communityContext(context), topicId, {
    limit: TOPIC_PAGE_DISCUSSIONS,
  });
  return {
    discussions: found?.discussions ?? [],
    total: found?.total ?? 0,
    followedByViewer: found?.followedByViewer ?? false,
  };
}

/** The topic page's form: following or no longer following the topic. */
export async function topicFollowAction(args: ActionFunctionArgs) {
  const topicId = args.params.id ?? '';
  const path = routeContractFor(args.context.config).path('topic', { id: topicId }) ?? '/';
  return runCommunityAction(args, {
    follow: async (_form, community) => {
      await followTopic(community, topicId, true);
      return redirect(`${path}#${TOPIC_DISCUSSIONS_ANCHOR}`, 303);
    },
    unfollow: async (_form, community) => {
      await followTopic(community, topicId, false);
      return redirect(`${path}#${TOPIC_DISCUSSIONS_ANCHOR}`, 303);
    },
  });
}
