import { newRecordId } from '~server/db/ids.ts';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { IdentityTables, PortalUserRow } from './identity.tables.ts';

type Db = ModuleDatabase<IdentityTables>;

/** What the identity provider says about a person: the only fields a sign-in refreshes. */
export interface ProvidedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  firstName: string;
  lastName: string;
}

/** The portal's own data about a user (spec 3, "User data"), kept across sign-ins. */
export interface UserData {
  isPartner: boolean;
  isPrimaryContact: boolean;
  isPrincipalContact: boolean;
  market: string | null;
  partnerProductInterestClient: string | null;
  partnerProductInterestPractice: string | null;
  canViewSetup: boolean;
  isAgent: boolean;
  organisationId: string | null;
}

const flag = (value: boolean) => (value ? 1 : 0);

function userDataColumns(data: UserData) {
  return {
    is_partner: flag(data.isPartner),
    is_primary_contact: flag(data.isPrimaryContact),
    is_principal_contact: flag(data.isPrincipalContact),
    market: data.market,
    partner_product_interest_client: data.partnerProductInterestClient,
    partner_product_interest_practice: data.partnerProductInterestPractice,
    can_view_setup: flag(data.canViewSetup),
    is_agent: flag(data.isAgent),
    organisation_id: data.organisationId,
  };
}

function identityColumns(identity: ProvidedIdentity) {
  return {
    email: identity.email,
    first_name: identity.firstName,
    last_name: identity.lastName,
  };
}

export async function findUserById(db: Db, id: string): Promise<PortalUserRow | undefined> {
  return db.selectFrom('portal_user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The names, e-mail and join time of the users of these ids; unknown ids are left out. */
export async function findUserSummaryRows(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('portal_user')
    .select(['id', 'first_name', 'last_name', 'email', 'created_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The partners signed in with this e-mail address, compared without regard to case. */
export async function findPartnerIdsByEmail(db: Db, email: string): Promise<string[]> {
  const rows = await db
    .selectFrom('portal_user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('is_partner', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}

/** The support team's agents, by name. */
export async function findAgentSummaryRows(db: Db) {
  return db
    .selectFrom('portal_user')
    .select(['id', 'first_name', 'last_name', 'email', 'created_at'])
    .where('is_agent', '=', 1)
    .orderBy('first_name')
    .orderBy('last_name')
    .execute();
}

/** Administrators and agents, the staff insight work is assigned to and digests are sent to. */
export async function findStaffRows(db: Db) {
  return db
    .selectFrom('portal_user')
    .select(['id', 'first_name', 'last_name', 'email', 'created_at', 'can_view_setup', 'is_agent'])
    .where((eb) => eb.or([eb('is_agent', '=', 1), eb('can_view_setup', '=', 1)]))
    .orderBy('first_name')
    .orderBy('last_name')
    .execute();
}

export async function findUserBySubject(
  db: Db,
  issuer: string,
  subject: string,
): Promise<PortalUserRow | undefined> {
  return db
    .selectFrom('portal_user')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/**
 * Creates the user of (issuer, subject) or refreshes their names and e-mail. With `data`, the
 * portal's own user data is written too (demo seeding); without, an existing user keeps theirs.
 */
export async function upsertUser(
  db: Db,
  identity: ProvidedIdentity,
  data: UserData | undefined,
  now: Date,
): Promise<PortalUserRow> {
  const at = now.toISOString();
  const updates = { ...identityColumns(identity), ...(data ? userDataColumns(data) : {}) };
  await db
    .insertInto('portal_user')
    .values({
      id: newRecordId('user'),
      issuer: identity.issuer,
      subject: identity.subject,
      ...identityColumns(identity),
      ...userDataColumns(data ?? NO_USER_DATA),
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict.columns(['issuer', 'subject']).doUpdateSet({ ...updates, updated_at: at }),
    )
    .execute();
  const stored = await findUserBySubject(db, identity.issuer, identity.subject);
  if (!stored) throw new Error(`User ${identity.subject} was not stored`);
  return stored;
}

export const NO_USER_DATA: UserData = Object.freeze({
  isPartner: false,
  isPrimaryContact: false,
  isPrincipalContact: false,
  market: null,
  partnerProductInterestClient: null,
  partnerProductInterestPractice: null,
  canViewSetup: false,
  isAgent: false,
  organisationId: null,
});

/** Sets the product interests the partner gave; an interest left undefined keeps its value. */
export async function updateProductInterests(
  db: Db,
  id: string,
  interests: { client?: string; practice?: string },
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('portal_user')
    .set({
      ...(interests.client === undefined
        ? {}
        : { partner_product_interest_client: interests.client }),
      ...(interests.practice === undefined
        ? {}
        : { partner_product_interest_practice: interests.practice }),
      updated_at: updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

/** The partner flags a practice's people hold, as their place in a practice says. */
export async function updatePartnerStanding(
  db: Db,
  id: string,
  standing: { isPartner: boolean; isPrimaryContact: boolean; isPrincipalContact: boolean },
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('portal_user')
    .set({
      is_partner: flag(standing.isPartner),
      is_primary_contact: flag(standing.isPrimaryContact),
      is_principal_contact: flag(standing.isPrincipalContact),
      updated_at: updatedAt,
    })
    .where('id', '=', id)
    .execute();
}
