import type { RouteContract } from '~core/routes';
import type { TopicWithParent } from '~server/modules/content';

/** The breadcrumb steps down to a topic: its first-level parent, when it has one, then itself. */
export function topicSteps(
  contract: RouteContract,
  topic: TopicWithParent | undefined,
): Array<{ label: string; path?: string }> {
  if (!topic) return [];
  const parent = topic.parent
    ? [{ label: topic.parent.name, path: contract.path('topic', { id: topic.parent.id }) }]
    : [];
  return [...parent, { label: topic.name, path: contract.path('topic', { id: topic.id }) }];
}
