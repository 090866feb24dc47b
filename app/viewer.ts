import type { AppLoadContext } from 'react-router';
import { useRouteLoaderData } from 'react-router';
import { fullName } from '~core/ui';

/** What the page knows about who is browsing: enough for the header and the timeout warning. */
export interface PageViewer {
  isGuest: boolean;
  /** Spec 5 "Full names"; null for a guest. */
  fullName: string | null;
  /** The record id of the signed-in user (spec 3 "Visitor / user context"); null for a guest. */
  userId: string | null;
  /** Milliseconds until the session ends without activity, when the page was made. */
  sessionExpiresInMs: number | null;
}

export interface ViewerRootData {
  viewer: PageViewer;
  csrfToken: string;
}

/** The root loader's viewer fields, from the server's load context. */
export function viewerRootData(
  context: AppLoadContext,
  now = context.clock.nowMs(),
): ViewerRootData {
  const { viewer, sessionExpiresAt } = context;
  return {
    viewer: viewer.isGuest
      ? { isGuest: true, fullName: null, userId: null, sessionExpiresInMs: null }
      : {
          isGuest: false,
          fullName: fullName(viewer.user.firstName, viewer.user.lastName),
          userId: viewer.user.id,
          sessionExpiresInMs:
            sessionExpiresAt === null ? null : Math.max(0, sessionExpiresAt - now),
        },
    csrfToken: context.csrfToken,
  };
}

const GUEST_VIEWER: PageViewer = {
  isGuest: true,
  fullName: null,
  userId: null,
  sessionExpiresInMs: null,
};

export function useViewer(): PageViewer {
  return useRouteLoaderData<ViewerRootData>('root')?.viewer ?? GUEST_VIEWER;
}
