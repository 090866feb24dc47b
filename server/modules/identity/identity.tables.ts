import type { Insertable, Selectable } from 'kysely';

export interface PortalUserTable {
  id: string;
  issuer: string;
  subject: string;
  email: string | null;
  first_name: string;
  last_name: string;
  is_partner: number;
  is_primary_contact: number;
  is_principal_contact: number;
  market: string | null;
  partner_product_interest_client: string | null;
  partner_product_interest_practice: string | null;
  can_view_setup: number;
  /** 0017-support-cases: the support team's agents, and the user's customer organisation. */
  is_agent: number;
  organisation_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface PortalSessionTable {
  /** SHA-256 (hex) of the cookie token: a leaked table does not hand out sessions. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  idle_expires_at: string;
  absolute_expires_at: string;
  csrf_token: string;
  /** Kept for the provider's logout (id_token_hint). */
  id_token: string | null;
}

/** What the built-in identity provider stores (its adapter's payloads), one row per model id. */
export interface OidcPayloadTable {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface IdentityTables {
  portal_user: PortalUserTable;
  portal_session: PortalSessionTable;
  oidc_payload: OidcPayloadTable;
}

export type PortalUserRow = Selectable<PortalUserTable>;
export type NewPortalUserRow = Insertable<PortalUserTable>;
export type PortalSessionRow = Selectable<PortalSessionTable>;
export type OidcPayloadRow = Selectable<OidcPayloadTable>;
