import { VARIANT_ROOT } from '../../../core/route-table.ts';

/*
 * The admins' moderation queue, which the spec's route table leaves out. It sits under the
 * community page's path in the new variant, so the header marks the Community section and route
 * detection (which matches the first segment, 'community') never redirects it. Product ideas'
 * paths are the server's, in core/community-paths.ts, which search results link to as well.
 */
export const MODERATION_PATH = `${VARIANT_ROOT.lwr}/community/moderation`;
