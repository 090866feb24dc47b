import { createRouteContract } from '~core/routes';

// Only page keys are used here, whose paths do not depend on the product name.
const contract = createRouteContract({ product: 'cases', siteUrl: '', log: () => {} });

export function casePath(id: string): string {
  return contract.path('case', { id }) ?? `/s/case?caseId=${id}`;
}

/** The invitation link's page, with the invitation's secret. */
export function invitationPath(caseId: string, token: string): string {
  const base = contract.path('caseInvite', { id: caseId }) ?? `/s/case-invite?caseId=${caseId}`;
  return `${base}&invitation=${encodeURIComponent(token)}`;
}
