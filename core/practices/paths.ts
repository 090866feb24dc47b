/*
 * The directory's own addresses beside the spec's three pages: a listing's page and its logo
 * under the directory's new-variant path, and the staff's moderation queue.
 */

export const DIRECTORY_PATH = '/0/partners/advisor-directory';

export const listingPath = (slug: string): string =>
  `${DIRECTORY_PATH}/${encodeURIComponent(slug)}`;

export const LOGO_PATH = `${DIRECTORY_PATH}/logo`;

export const logoPath = (contentKey: string): string =>
  `${LOGO_PATH}/${encodeURIComponent(contentKey)}`;

export const DIRECTORY_MODERATION_PATH = '/admin/advisor-directory';

/** The page an invitation's link opens: `?token=` carries its secret. */
export const PRACTICE_INVITATION_PATH = '/0/partners/account/join';

export const practiceInvitationPath = (token: string): string =>
  `${PRACTICE_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
