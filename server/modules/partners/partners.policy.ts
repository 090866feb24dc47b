import type { Viewer } from '~server/modules/identity';

/**
 * Spec 6: the partner programme (onboarding, suggested steps, tiers, the partner flows) is for
 * signed-in partners. Admins see hidden sections but are not partners.
 */
export function mayUsePartnerProgramme(viewer: Viewer): viewer is Viewer & { isGuest: false } {
  return !viewer.isGuest && viewer.user.isPartner;
}
