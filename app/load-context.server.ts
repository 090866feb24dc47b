import type { Kysely } from 'kysely';
import type { AccountQuestion } from '~core/contact';
import type { PublicConfig } from '~core/site';
import type { Clock } from '~server/clock.ts';
import type { Database } from '~server/db/schema.ts';
import type { SignInActions } from '~server/http/sign-in.ts';
import type { UploadedFile } from '~server/http/upload-form.ts';
import type { ChatNews, ContactSettings } from '~server/modules/contact';
import type { CaseReplySettings } from '~server/modules/cases';
import type { Viewer } from '~server/modules/identity';
import type { JobListFilter, JobListing } from '~server/modules/jobs';
import type { PortalStatusView } from './routes/admin/portal-status.ts';
import type { SearchEngine } from '~server/modules/search';
import type { PreferenceLinks } from '~server/modules/privacy';
import type { SubscriptionLinks } from '~server/modules/subscriptions';

declare module 'react-router' {
  /** What the server hands every loader: the public configuration and this response's CSP nonce. */
  interface AppLoadContext {
    config: PublicConfig;
    /** The address of the icon sprite, with its version, that every icon points at. */
    iconSprite: string;
    nonce: string;
    /** The database, for loaders and actions to hand to module services (never queried here). */
    db: Kysely<Database>;
    /** The portal's clock: loaders read the time for a rule (a date, a deadline) from it. */
    clock: Clock;
    /** Who is asking: a guest, or a signed-in user with their user data. */
    viewer: Viewer;
    /** The visitor's address as the server sees it (behind a trusted proxy, the client's), for per-visitor limits. */
    visitorAddress: string;
    /** When the signed-in session ends without activity (epoch ms); null for a guest. */
    sessionExpiresAt: number | null;
    /** This visitor's CSRF token: put it in forms as `_csrf` (see app/csrf.ts for fetch). */
    csrfToken: string;
    /** Whether a posted form carries this visitor's CSRF token (`_csrf`); actions must check. */
    verifyCsrf(form: FormData): boolean;
    /** Whether the block gallery is served: outside production settings (NODE_ENV) only. */
    showsBlockGallery: boolean;
    /** The background jobs' list, for the staff's jobs page, and the kinds of job there are. */
    jobs: { list(filter: JobListFilter): Promise<JobListing[]>; kinds: readonly string[] };
    /** The status of the portal's parts, read now, for the admins' status page. */
    portalStatus: () => Promise<PortalStatusView>;
    /** The help search, for pages that search on the server (case deflection). */
    search: SearchEngine;
    /** Signs and reads the preference, confirmation and unsubscribe links of e-mails. */
    preferenceLinks: PreferenceLinks;
    /** Days between a confirmed account deletion and its carrying out (docs/privacy.md). */
    accountDeletionGraceDays: number;
    /** Days after its last update that viewed content is listed as stale (docs/insight.md). */
    insightStaleAfterDays: number;
    /** Each region's opening hours, holidays and call calendar, for the contact pages. */
    contactSettings: ContactSettings;
    /** Tells the chat streams of every process that a chat has a new line (take, end). */
    chatNews: ChatNews;
    /** Signed reply addresses for case e-mails; unset when CASE_REPLY_ADDRESS is not set. */
    caseReplies?: CaseReplySettings | undefined;
    /** Signs the links that show a case to an owner without an account. */
    caseFollowKey: Buffer;
    /** Hashes the e-mail codes of the sign-in and MFA help flows. */
    contactCodeKey: Buffer;
    /** Signs the links a client rates a partner's managed-service job by. */
    serviceJobRatingKey: Buffer;
    /** Signs and reads the subscriptions' e-mailed links (activate, decide a transfer). */
    subscriptionLinks: SubscriptionLinks;
    /** The questions the MFA help flow asks (CONTACT_SETTINGS_FILE's accountQuestions). */
    accountQuestions: readonly AccountQuestion[];
    /** The visitor's network address, for the contact forms' limits per network address. */
    networkAddress: string;
    /** Starting and finishing single sign-on, for the sign-in pages. */
    signIn: SignInActions;
    /**
     * The files of a form posted to a page that takes them (decision 034), waiting in temporary
     * files until the page has answered; empty for every other request.
     */
    uploads: readonly UploadedFile[];
    /** Where the cases' files are kept (CASE_ATTACHMENTS_DIR). */
    caseAttachmentsDir: string;
    /**
     * Hands an error a loader or action threw to the server (entry.server.tsx's handleError);
     * true when the server answers it itself (a database fault's 503 page) and has logged it.
     */
    reportError(error: unknown): boolean;
  }
}
