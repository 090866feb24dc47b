import type { TopicsFile } from '~core/content';
import type { RouteContract } from '~core/routes';
import type { KbTopicTable } from '../content.tables.ts';
import {
  contentIds,
  emptyDocument,
  hashOf,
  type PlanContext,
  type PlannedItem,
  type Row,
  type SearchDocumentRow,
  type TopicInfo,
} from './planned-items.ts';

export function planTopics(
  tree: TopicsFile,
  contract: RouteContract,
): { items: PlannedItem<KbTopicTable>[]; info: Map<string, TopicInfo> } {
  const info = new Map<string, TopicInfo>();
  const items: PlannedItem<KbTopicTable>[] = [];
  for (const first of tree) {
    const firstLevel = { id: contentIds.topic(first.slug), name: first.name };
    for (const topic of [first, ...first.children]) {
      const id = contentIds.topic(topic.slug);
      const isFirst = topic === first;
      info.set(topic.slug, { id, firstLevel });
      const row: Row<KbTopicTable> = {
        id,
        slug: topic.slug,
        name: topic.name,
        description: topic.description,
        parent_id: isFirst ? null : firstLevel.id,
        position: items.length,
      };
      const searchDocument: SearchDocumentRow = {
        ...emptyDocument(id, 'Topic', 'Topic'),
        title: topic.name,
        excerpt: topic.description,
        body_text: topic.description,
        click_uri: contract.path('topic', { id }) ?? '',
        sftopicid: id,
        sftopicfirstlevelc: first.name,
        topic_ids: JSON.stringify(isFirst ? [id] : [id, firstLevel.id]),
      };
      items.push({
        key: topic.slug,
        path: 'topics.yaml',
        row,
        searchDocument,
        hash: hashOf([row, searchDocument]),
      });
    }
  }
  return { items, info };
}

/** The topic fields of an item: its first topic names sftopicid and sftopicfirstlevelc. */
export function topicFields(slugs: string[], context: PlanContext) {
  const infos = slugs.flatMap((slug) => context.topics.get(slug) ?? []);
  const ids = new Set(infos.flatMap((info) => [info.id, info.firstLevel.id]));
  return {
    topicIds: infos.map((info) => info.id),
    columns: {
      sftopicid: infos[0]?.id ?? null,
      sftopicfirstlevelc: infos[0]?.firstLevel.name ?? null,
      topic_ids: JSON.stringify([...ids]),
    },
  };
}
