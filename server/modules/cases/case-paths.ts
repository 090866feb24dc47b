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

/** The sign-in help page, which shows a case to its owner without an account by a signed key. */
export function followPath(token: string): string {
  const base = contract.path('contactSupportLogin') ?? '/s/contact-support-login';
  return token === '' ? base : `${base}?case=${encodeURIComponent(token)}`;
}

/** The pages whose forms take files (decision 034): the raise flows, a case, an agent's case. */
export function takesCaseFiles(pathname: string): boolean {
  const pages = [contract.path('raiseSupportCase'), contract.path('raisePartnerSupportCase')];
  const casePage = casePath('').split('?', 1)[0];
  return (
    pages.includes(pathname) || pathname === casePage || /^\/agent\/cases\/[^/]+$/.test(pathname)
  );
}
