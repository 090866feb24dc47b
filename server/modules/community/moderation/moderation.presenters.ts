import { excerptOf, type MemberRef, type ModerationItem } from '~core/community';
import type { FlaggedItem } from './flaggable.ts';
import type { FlagRow } from './moderation.repository.ts';

/** One item of the moderation queue with every open report on it. */
export function presentModerationItem(
  item: FlaggedItem,
  flags: readonly FlagRow[],
  member: (id: string) => MemberRef,
): ModerationItem {
  return {
    target: item.kind,
    id: item.id,
    parent: item.parent,
    author: member(item.authorId),
    excerpt: excerptOf(item.text),
    hidden: item.hidden,
    flags: flags.map((flag) => ({
      reason: flag.note ? `${flag.reason}: ${flag.note}` : flag.reason,
      by: member(flag.reporter_id),
      at: flag.created_at,
    })),
  };
}
