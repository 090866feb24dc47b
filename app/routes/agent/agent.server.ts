import { data, type AppLoadContext } from 'react-router';
import { notFound } from '../kb/page-data.server.ts';
import { requestPath, signInRedirect } from '../community/community.server.ts';

/** What an administrator without the agent role is told, instead of a page that is not there. */
export const AGENTS_ONLY =
  "The agents' workspace is for the support team. Ask an administrator to give you the agent role.";

/**
 * Every workspace page's gate: a guest signs in first, an administrator without the agent role
 * gets a clear refusal, anyone else the site's 404 (the workspace does not exist for them).
 */
export function requireAgentPage(context: AppLoadContext, request: Request): void {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  const { user } = context.viewer;
  if (user.isAgent) return;
  if (user.canViewSetup) throw data(AGENTS_ONLY, { status: 403 });
  notFound();
}
