/*
 * The agents' keyboard shortcuts (docs/cases.md). Single keys without modifiers, ignored while
 * the agent types in a field, so they never swallow text; every action they start has a
 * button or link too.
 */

export type AgentAction =
  | 'next-case'
  | 'previous-case'
  | 'open-case'
  | 'take-case'
  | 'reply'
  | 'internal-note'
  | 'change-status'
  | 'back-to-queue'
  | 'show-shortcuts';

export type ShortcutPlace = 'queue' | 'case';

export interface AgentShortcut {
  key: string;
  action: AgentAction;
  description: string;
  places: readonly ShortcutPlace[];
}

export const AGENT_SHORTCUTS: readonly AgentShortcut[] = [
  { key: 'j', action: 'next-case', description: 'Next case in the list', places: ['queue'] },
  {
    key: 'k',
    action: 'previous-case',
    description: 'Previous case in the list',
    places: ['queue'],
  },
  { key: 'o', action: 'open-case', description: 'Open the selected case', places: ['queue'] },
  { key: 't', action: 'take-case', description: 'Take the case', places: ['queue', 'case'] },
  { key: 'r', action: 'reply', description: 'Write a public reply', places: ['case'] },
  { key: 'n', action: 'internal-note', description: 'Write an internal note', places: ['case'] },
  { key: 's', action: 'change-status', description: 'Change the status', places: ['case'] },
  { key: 'u', action: 'back-to-queue', description: 'Back to the queue', places: ['case'] },
  {
    key: '?',
    action: 'show-shortcuts',
    description: 'Show these shortcuts',
    places: ['queue', 'case'],
  },
];

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Whether the key went to a text field, a select or an editable element. */
  inField: boolean;
}

/** The action a key press starts on this page, or undefined to let the browser have it. */
export function shortcutAction(press: KeyPress, place: ShortcutPlace): AgentAction | undefined {
  if (press.inField || press.ctrlKey || press.metaKey || press.altKey) return undefined;
  return AGENT_SHORTCUTS.find(
    (shortcut) => shortcut.key === press.key && shortcut.places.includes(place),
  )?.action;
}

export function shortcutsOf(place: ShortcutPlace): AgentShortcut[] {
  return AGENT_SHORTCUTS.filter((shortcut) => shortcut.places.includes(place));
}
