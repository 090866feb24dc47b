import { caseRelation, type CaseRelation } from '~core/cases';
import type { PortalUser } from '~server/modules/identity';
import { signedInUser, type CaseContext } from './case-context.ts';
import { caseNotFound } from './case-error.ts';
import * as repository from './cases.repository.ts';
import type { CaseRow } from './cases.tables.ts';

export interface VisibleCase {
  row: CaseRow;
  user: PortalUser;
  relation: CaseRelation;
  peopleIds: string[];
}

/**
 * The case as the signed-in viewer may see it. A case they may not see is refused exactly like
 * one that does not exist, so its id reveals nothing.
 */
export async function loadVisibleCase(context: CaseContext, id: string): Promise<VisibleCase> {
  const user = signedInUser(context);
  const row = await repository.findCase(context.db, id);
  if (!row) throw caseNotFound();
  const peopleIds = await repository.listPersonIds(context.db, id);
  const relation = caseRelation(user, {
    ownerId: row.owner_id,
    organisationId: row.organisation_id,
    peopleIds,
  });
  if (!relation) throw caseNotFound();
  return { row, user, relation, peopleIds };
}
