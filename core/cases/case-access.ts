/*
 * Who may see a case: its owner, the people on it, its organisation's primary and principal
 * contacts, and agents. Everyone else gets the same answer as for a case that does not exist,
 * so a case number or id reveals nothing.
 */

export interface CaseReader {
  id: string;
  isAgent: boolean;
  isPrimaryContact: boolean;
  isPrincipalContact: boolean;
  organisationId: string | null;
}

export interface CaseAudience {
  /** Null for a case owned by an address rather than an account: no reader owns it. */
  ownerId: string | null;
  organisationId: string | null;
  /** The users added to the case (invited colleagues). */
  peopleIds: readonly string[];
}

export type CaseRelation = 'owner' | 'person' | 'organisation-contact' | 'agent';

/** How the reader stands to the case, or undefined when they may not see it. */
export function caseRelation(reader: CaseReader, audience: CaseAudience): CaseRelation | undefined {
  if (audience.ownerId === reader.id) return 'owner';
  if (audience.peopleIds.includes(reader.id)) return 'person';
  if (isOrganisationContact(reader) && reader.organisationId === audience.organisationId)
    return 'organisation-contact';
  if (reader.isAgent) return 'agent';
  return undefined;
}

/** A primary or principal contact of an organisation, who sees all its cases. */
export function isOrganisationContact(reader: CaseReader): boolean {
  return reader.organisationId !== null && (reader.isPrimaryContact || reader.isPrincipalContact);
}

/** Only the owner adds and removes people; agents add them too when a customer asks. */
export function mayManagePeople(relation: CaseRelation): boolean {
  return relation === 'owner' || relation === 'agent';
}
