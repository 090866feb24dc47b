/*
 * The agents' workspace's navigation (docs/cases.md). A page of the workspace adds one line
 * here and one child route under '/agent' in app/routes.ts; the layout shows them in this order.
 */

export interface WorkspaceNavEntry {
  label: string;
  path: string;
}

export const WORKSPACE_NAV: readonly WorkspaceNavEntry[] = [
  { label: 'Cases', path: '/agent' },
  { label: 'Booked calls', path: '/agent/bookings' },
  { label: 'Callbacks', path: '/agent/callbacks' },
  { label: 'Chats', path: '/agent/chats' },
];

/** A chat in the workspace. */
export function agentChatPath(id: string): string {
  return `/agent/chats/${encodeURIComponent(id)}`;
}

/** A case in the workspace. */
export function agentCasePath(id: string): string {
  return `/agent/cases/${encodeURIComponent(id)}`;
}
