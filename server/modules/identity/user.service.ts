import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import type { PortalUserRow } from './identity.tables.ts';
import {
  findPartnerIdsByEmail,
  findAgentSummaryRows,
  findStaffRows,
  findUserById,
  findUserBySubject as findUserRowBySubject,
  findUserSummaryRows,
  updatePartnerStanding,
  updateProductInterests,
  upsertUser,
  type ProvidedIdentity,
  type UserData,
} from './user.repository.ts';
import type { PortalUser } from './viewer.ts';

export type { ProvidedIdentity, UserData };

export function portalUserFromRow(row: PortalUserRow): PortalUser {
  return {
    id: row.id,
    issuer: row.issuer,
    subject: row.subject,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isPartner: row.is_partner === 1,
    isPrimaryContact: row.is_primary_contact === 1,
    isPrincipalContact: row.is_principal_contact === 1,
    market: row.market,
    partnerProductInterestClient: row.partner_product_interest_client,
    partnerProductInterestPractice: row.partner_product_interest_practice,
    canViewSetup: row.can_view_setup === 1,
    isAgent: row.is_agent === 1,
    organisationId: row.organisation_id,
  };
}

/** The user a provider signed in: created on first sign-in, names and e-mail refreshed after. */
export async function recordSignedInUser(
  db: Kysely<Database>,
  identity: ProvidedIdentity,
  now: Date = new Date(),
): Promise<PortalUser> {
  return portalUserFromRow(await upsertUser(db, identity, undefined, now));
}

/** Creates or overwrites a user with the given user data (demo accounts, tests). */
export async function saveUser(
  db: Kysely<Database>,
  identity: ProvidedIdentity,
  data: UserData,
  now: Date = new Date(),
): Promise<PortalUser> {
  return portalUserFromRow(await upsertUser(db, identity, data, now));
}

export async function getUser(db: Kysely<Database>, id: string): Promise<PortalUser | undefined> {
  const row = await findUserById(db, id);
  return row ? portalUserFromRow(row) : undefined;
}

/** The user a provider knows as `subject`, for modules that seed data against demo subjects. */
export async function findUserBySubject(
  db: Kysely<Database>,
  issuer: string,
  subject: string,
): Promise<PortalUser | undefined> {
  const row = await findUserRowBySubject(db, issuer, subject);
  return row ? portalUserFromRow(row) : undefined;
}

/** What other modules may show of a user: their names, e-mail and join time, never their roles. */
export interface UserSummary {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  joinedAt: string;
}

type SummaryRow = Awaited<ReturnType<typeof findUserSummaryRows>>[number];

const summaryOf = (row: SummaryRow): UserSummary => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  joinedAt: row.created_at,
});

/** The users of these ids, for modules that name people; unknown ids are left out. */
export async function listUserSummaries(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<UserSummary[]> {
  return (await findUserSummaryRows(db, ids)).map(summaryOf);
}

/** The support team's agents, whom cases are assigned to. */
export async function listAgents(db: Kysely<Database>): Promise<UserSummary[]> {
  return (await findAgentSummaryRows(db)).map(summaryOf);
}

export interface StaffMember extends UserSummary {
  isAdmin: boolean;
  isAgent: boolean;
}

/** Administrators and agents, by first and last name. */
export async function listStaff(db: Kysely<Database>): Promise<StaffMember[]> {
  return (await findStaffRows(db)).map((row) => ({
    ...summaryOf(row),
    isAdmin: row.can_view_setup === 1,
    isAgent: row.is_agent === 1,
  }));
}

/** The partners who use this e-mail address, for events that name a person by e-mail only. */
export async function listPartnerIdsByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<string[]> {
  return findPartnerIdsByEmail(db, email);
}

export interface ProductInterests {
  client: string | null;
  practice: string | null;
}

/**
 * Saves an answer of the personalise flow (spec 3 'User data': PartnerProductInterestClient
 * and PartnerProductInterestPractice) and answers both interests as they now stand.
 */
export async function savePartnerProductInterests(
  db: Kysely<Database>,
  userId: string,
  interests: { client?: string; practice?: string },
  now: Date,
): Promise<ProductInterests> {
  await updateProductInterests(db, userId, interests, now.toISOString());
  const row = await findUserById(db, userId);
  return {
    client: row?.partner_product_interest_client ?? null,
    practice: row?.partner_product_interest_practice ?? null,
  };
}

export type PartnerStanding = Parameters<typeof updatePartnerStanding>[2];

/**
 * Sets whether the user is a partner, and a primary or principal contact: the practices module
 * calls it as people join and leave, so partner access follows the practice from the next request.
 */
export async function setPartnerStanding(
  db: Kysely<Database>,
  userId: string,
  standing: PartnerStanding,
  now: Date,
): Promise<void> {
  await updatePartnerStanding(db, userId, standing, now.toISOString());
}
