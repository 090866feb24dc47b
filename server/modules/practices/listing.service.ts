import { createHash } from 'node:crypto';
import {
  EMPTY_LISTING,
  listingFilterColumns,
  parsePracticeMarket,
  publishDecision,
  publishProblem,
  type ListingContent,
} from '~core/practices';
import { readListingForm, type ListingForm } from './listing-form.ts';
import * as listings from './listing.repository.ts';
import * as messages from './messages.repository.ts';
import {
  invalid,
  type FieldProblem,
  type PracticeUser,
  type PracticesContext,
} from './practices.context.ts';
import { mayManageListing, roleOf } from './practices.policy.ts';
import * as repository from './practices.repository.ts';
import type { PracticeRole } from './practices.tables.ts';

export const parseListing = (json: string | null): ListingContent | null =>
  json === null ? null : { ...EMPTY_LISTING, ...(JSON.parse(json) as Partial<ListingContent>) };

/** The practice a signed-in person manages, with its listing's state; undefined when none. */
export async function findManagedPractice(context: Pick<PracticesContext, 'db'>, userId: string) {
  const [membership] = await repository.listMemberships(context.db, userId);
  if (!membership) return undefined;
  const practice = await repository.findPracticeById(context.db, membership.id);
  const listing = await listings.findListing(context.db, membership.id);
  if (!practice || !listing) return undefined;
  const people = await repository.listPeople(context.db, practice.id);
  return {
    practice,
    role: membership.role as PracticeRole,
    people,
    draft: parseListing(listing.draft) ?? EMPTY_LISTING,
    published: parseListing(listing.published),
    listed: listing.listed === 1,
    moderation: listing.moderation,
    moderationNote: listing.moderation_note,
  };
}

export type ManagedPractice = NonNullable<Awaited<ReturnType<typeof findManagedPractice>>>;

/**
 * The practice a person belongs to as their recognition badge shows it: name, tier, its
 * directory listing while listed, and its people's addresses (to count their certifications).
 */
export async function practiceOfBadgeHolder(context: Pick<PracticesContext, 'db'>, userId: string) {
  const [membership] = await repository.listMemberships(context.db, userId);
  if (!membership) return undefined;
  const practice = await repository.findPracticeById(context.db, membership.id);
  if (!practice) return undefined;
  const listing = await listings.findListing(context.db, practice.id);
  const people = await repository.listPeople(context.db, practice.id);
  return {
    name: practice.name,
    tier: practice.tier,
    listedSlug: listing?.listed === 1 ? practice.slug : null,
    emails: people.map((person) => person.email),
  };
}

export type ListingOutcome =
  | FieldProblem
  | { kind: 'saved' }
  | { kind: 'submitted' }
  | { kind: 'published' }
  | { kind: 'unpublished' }
  | { kind: 'not-allowed' };

async function managed(context: PracticesContext, user: PracticeUser) {
  const found = await findManagedPractice(context, user.id);
  return found && mayManageListing(roleOf(found.people, user.id)) ? found : undefined;
}

/** Saves the draft the manage form describes; the directory does not change until published. */
export async function saveListingDraft(
  context: PracticesContext,
  user: PracticeUser,
  form: ListingForm,
): Promise<ListingOutcome> {
  const found = await managed(context, user);
  if (!found) return { kind: 'not-allowed' };
  const market = parsePracticeMarket(found.practice.market) ?? 'AU';
  const draft = readListingForm(
    form,
    market,
    found.draft,
    found.people.map((person) => person.user_id),
  );
  if ('kind' in draft) return draft;
  await listings.updateListing(context.db, found.practice.id, {
    draft: JSON.stringify(draft),
    updated_at: context.now.toISOString(),
  });
  return { kind: 'saved' };
}

/**
 * Publishes the draft: straight into the directory when only ticked choices, offices or hours
 * changed; to the moderators when it is the first publication or the description is new.
 */
export async function publishListing(
  context: PracticesContext,
  user: PracticeUser,
): Promise<ListingOutcome> {
  const found = await managed(context, user);
  if (!found) return { kind: 'not-allowed' };
  const problem = publishProblem(found.draft);
  if (problem) return invalid('publish', problem);
  const at = context.now.toISOString();
  const draft = JSON.stringify(found.draft);
  if (publishDecision(found.published, found.draft) === 'moderate') {
    await listings.updateListing(context.db, found.practice.id, {
      moderation: 'pending',
      submitted: draft,
      moderation_note: null,
      updated_at: at,
    });
    return { kind: 'submitted' };
  }
  await context.db.transaction().execute(async (trx) => {
    await listings.updateListing(trx, found.practice.id, {
      published: draft,
      listed: 1,
      moderation: 'none',
      submitted: null,
      published_at: at,
      updated_at: at,
    });
    await indexListing(trx, found.practice, found.draft);
  });
  return { kind: 'published' };
}

/** Puts a published listing's offices and tags in the directory's index. */
export async function indexListing(
  db: PracticesContext['db'],
  practice: { id: string; tier: string },
  content: ListingContent,
): Promise<void> {
  await listings.replaceDirectoryEntries(
    db,
    practice.id,
    content.offices,
    listingFilterColumns({ ...content, tier: practice.tier }),
  );
}

/** Takes the listing out of the directory; the published copy stays for publishing again. */
export async function unpublishListing(
  context: PracticesContext,
  user: PracticeUser,
): Promise<ListingOutcome> {
  const found = await managed(context, user);
  if (!found) return { kind: 'not-allowed' };
  await context.db.transaction().execute(async (trx) => {
    await listings.updateListing(trx, found.practice.id, {
      listed: 0,
      updated_at: context.now.toISOString(),
    });
    await listings.removeDirectoryEntries(trx, found.practice.id);
  });
  return { kind: 'unpublished' };
}

// Under the page forms' body limit (server/http/body-limits.ts), with room for the form's other fields.
export const MAX_LOGO_BYTES = 200 * 1024;

/** The image types a logo may be, told by the file's first bytes, never by its name. */
function logoType(bytes: Uint8Array): { type: string; extension: string } | undefined {
  const starts = (...signature: number[]) =>
    signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { type: 'image/png', extension: 'png' };
  if (starts(0xff, 0xd8, 0xff)) return { type: 'image/jpeg', extension: 'jpg' };
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP')
    return { type: 'image/webp', extension: 'webp' };
  return undefined;
}

/** Stores a logo by a hash of its bytes and puts it on the draft. */
export async function uploadLogo(
  context: PracticesContext,
  user: PracticeUser,
  bytes: Uint8Array,
): Promise<ListingOutcome> {
  const found = await managed(context, user);
  if (!found) return { kind: 'not-allowed' };
  if (bytes.length === 0) return invalid('logo', 'Choose an image file for the logo.');
  if (bytes.length > MAX_LOGO_BYTES)
    return invalid('logo', 'The logo is larger than 200 KB. Choose a smaller image.');
  const kind = logoType(bytes);
  if (!kind) return invalid('logo', 'The logo must be a PNG, JPEG or WebP image.');
  const key = `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}-logo.${kind.extension}`;
  const at = context.now.toISOString();
  await context.db.transaction().execute(async (trx) => {
    await messages.saveLogo(trx, {
      content_key: key,
      content_type: kind.type,
      bytes,
      created_at: at,
    });
    await listings.updateListing(trx, found.practice.id, {
      draft: JSON.stringify({ ...found.draft, logo: key }),
      updated_at: at,
    });
  });
  return { kind: 'saved' };
}

/** A logo's bytes by its key, for the logo address. */
export async function findPracticeLogo(context: Pick<PracticesContext, 'db'>, key: string) {
  return messages.findLogo(context.db, key);
}
