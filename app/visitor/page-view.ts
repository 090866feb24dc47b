import type { VisitorUserData } from './user-data.ts';

export interface PageViewEvent {
  event: 'pageView';
  user: {
    crmId?: string;
    attributes: { isGuest: boolean };
    provider: { type: 'user' };
  };
  [field: string]: unknown;
}

/**
 * Spec 3 and 7: the tag manager's 'pageView' event. The user object carries crmId (the user
 * id), attributes.isGuest and provider type "user"; every user-data field is spread in as well.
 */
export function pageViewEvent(isGuest: boolean, userData: VisitorUserData | null): PageViewEvent {
  // The user-data fields come first so none of them can replace the event name or user object.
  return {
    ...userData,
    event: 'pageView',
    user: {
      ...(userData ? { crmId: userData.UserId } : {}),
      attributes: { isGuest },
      provider: { type: 'user' },
    },
  };
}
