/**
 * Who is asking: every request carries one, set from its session before any route runs.
 * Section 6 roles are read from it: guest, signed-in user, partner (isPartner), primary or
 * principal contact, admin (canViewSetup, the setup-viewing permission), and the support team's agents (isAgent).
 */
export interface PortalUser {
  /** 18-character record id with the user prefix '005'. */
  id: string;
  issuer: string;
  subject: string;
  email: string | null;
  firstName: string;
  lastName: string;
  isPartner: boolean;
  isPrimaryContact: boolean;
  isPrincipalContact: boolean;
  market: string | null;
  partnerProductInterestClient: string | null;
  partnerProductInterestPractice: string | null;
  canViewSetup: boolean;
  /** A member of the support team, who answers cases (docs/cases.md). */
  isAgent: boolean;
  /** The customer organisation (account) the user belongs to, whose cases contacts see. */
  organisationId: string | null;
}

export type Viewer =
  | { isGuest: true; user: null; sessionId: null }
  | { isGuest: false; user: PortalUser; sessionId: string };

export const GUEST: Viewer = Object.freeze({ isGuest: true, user: null, sessionId: null });

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}
