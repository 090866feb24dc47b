import type { Kysely } from 'kysely';
import { fullName } from '~core/ui';
import type { Database } from '~server/db/schema.ts';
import { listUserSummaries } from '~server/modules/identity';
import type { SearchDocumentInput } from '~server/modules/search';

/** The search documents this module owns carry this origin. */
export const COMMUNITY_SEARCH_ORIGIN = 'community';
const SYSSOURCE = 'Community';

/** The fields every community search document shares; each kind of item fills in the rest. */
export function communityDocument(
  id: string,
  objecttype: string,
  objecttypelabel: string,
  contentType: string,
): SearchDocumentInput {
  return {
    unique_id: id,
    origin: COMMUNITY_SEARCH_ORIGIN,
    title: '',
    excerpt: '',
    body_text: '',
    click_uri: '',
    objecttype,
    objecttypelabel,
    common_contenttype: contentType,
    syssource: SYSSOURCE,
    source: SYSSOURCE,
    collection: 'default',
    documenttype: objecttype,
    language: 'en',
    permanentid: id,
    updated_at: '',
  };
}

/** The author's name as search shows it; empty for a user who is gone. */
export async function authorName(db: Kysely<Database>, id: string): Promise<string> {
  const [user] = await listUserSummaries(db, [id]);
  return user ? fullName(user.firstName, user.lastName) : '';
}
