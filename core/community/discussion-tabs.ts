/*
 * The community home's lists of discussions (spec 2.2's community page). Each is a tab there,
 * showing its first few discussions, and a paged list of all of them.
 */

export const DISCUSSION_TABS = [
  { key: 'recent', label: 'Recent' },
  { key: 'unanswered', label: 'Unanswered' },
  { key: 'popular', label: 'Popular' },
] as const;

export type DiscussionTab = (typeof DISCUSSION_TABS)[number]['key'];

/** The tab a query parameter names; Recent when it names none. */
export function discussionTabFrom(value: string | null | undefined): DiscussionTab {
  return DISCUSSION_TABS.find((tab) => tab.key === value)?.key ?? 'recent';
}

/** The tab's label, for headings and links ('Unanswered'). */
export function discussionTabLabel(tab: DiscussionTab): string {
  return DISCUSSION_TABS.find((entry) => entry.key === tab)?.label ?? '';
}
