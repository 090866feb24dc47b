import type { HeadlessEndpoints } from '../headless-protocol/index.ts';
import type { z } from 'zod';
import type {
  OnboardingCtaDetail,
  PartnerTierData,
  RecommendationRecord,
} from '../partner/index.ts';
import type { REMOTE_METHOD_PARAMS } from './remote-method-params.ts';

/**
 * The remote server methods of spec 7, called through the platform gateway
 * (/lwr/apex/v65.0/{class}/{method}). Shared by the server, which answers them, and the
 * browser, which calls them: the class and method names, which are cacheable (GET) and the
 * parameters each takes.
 */

export const GATEWAY_BASE_PATH = '/lwr/apex/v65.0';

/** Spec 9: the remote-method cache lasts 300000 ms. */
export const REMOTE_METHOD_CACHE_MS = 300_000;

/** The optional platform continuation header; the gateway accepts it and never continues. */
export const CONTINUATION_HEADER = 'x-sfdc-allow-continuation';

export const REMOTE_CLASSES = [
  'HeadlessSearchController',
  'UserDataUtility',
  'Tracking',
  'PartnerController',
  'AudienceProvider',
  'CustomerTaskController',
] as const;

export type RemoteClass = (typeof REMOTE_CLASSES)[number];

/** A server class as the platform names it: '{prefix}_PartnerController'. */
export function remoteClassName(prefix: string, remoteClass: RemoteClass): string {
  return `${prefix}_${remoteClass}`;
}

/**
 * The denial a caller without access to a class gets (spec 8). The browser recognises it for
 * the partner controller and drops it silently instead of reporting it.
 */
export function noClassAccessMessage(className: string): string {
  return `You do not have access to the Apex class named '${className}'.`;
}

/**
 * Spec 6 and 8: users without access to the partner server class get this denial. It is
 * expected for most users, so it is ignored, never reported.
 */
export function isPartnerAccessDenial(message: string, prefix: string): boolean {
  return message === noClassAccessMessage(remoteClassName(prefix, 'PartnerController'));
}

/**
 * Each method's server class and whether it is cacheable (a GET). The parameters each takes
 * are checked on the server (remote-method-params.ts), so the browser carries no validator.
 */
export const REMOTE_METHODS = {
  getHeadlessConfiguration: { remoteClass: 'HeadlessSearchController', cacheable: true },
  getCurrentUserContext: { remoteClass: 'HeadlessSearchController', cacheable: true },
  getUserData: { remoteClass: 'UserDataUtility', cacheable: true },
  getTeamValue: { remoteClass: 'Tracking', cacheable: true },
  getOnboardingCTADetail: { remoteClass: 'PartnerController', cacheable: true },
  getUpdateAccountFlowDetails: { remoteClass: 'PartnerController', cacheable: true },
  getAudience: { remoteClass: 'AudienceProvider', cacheable: true },
  // Not cacheable: the checklist reloads right after a dismissal and must see it.
  executeNBAFlowCurrentUser: { remoteClass: 'CustomerTaskController', cacheable: false },
  recordReactionCurrentUser: { remoteClass: 'CustomerTaskController', cacheable: false },
  removeReactionCurrentUser: { remoteClass: 'CustomerTaskController', cacheable: false },
  celebratePartnerTier: { remoteClass: 'CustomerTaskController', cacheable: true },
  endCelebratePartnerTier: { remoteClass: 'CustomerTaskController', cacheable: false },
} as const satisfies Record<string, { remoteClass: RemoteClass; cacheable: boolean }>;

export type RemoteMethod = keyof typeof REMOTE_METHODS;

export const REMOTE_METHOD_NAMES = Object.keys(REMOTE_METHODS) as RemoteMethod[];

/** What a call of the method sends (remote-method-params.ts checks it on the server). */
export type RemoteMethodParams<M extends RemoteMethod> = z.input<(typeof REMOTE_METHOD_PARAMS)[M]>;

/** Spec 3 'User data': the flags are the strings 'true' and 'false'. */
export interface UserData {
  UserId: string;
  IsPrimaryContact: 'true' | 'false';
  IsPrincipalContact: 'true' | 'false';
  IsPartner: 'true' | 'false';
  Market: string | null;
  PartnerProductInterestClient: string | null;
  PartnerProductInterestPractice: string | null;
}

/** The search user context (spec 3, fields not shown there); the browser adds userRegion. */
export interface SearchUserContext {
  isGuest: boolean;
  userId: string | null;
  isPartner: boolean;
  market: string | null;
  /** Catalogue audience keys the viewer belongs to, for boosting content written for them. */
  audiences: string[];
}

/** The JSON that getHeadlessConfiguration answers, as a string. */
export interface HeadlessConfiguration {
  accessToken: string;
  organizationId: string;
  searchHub: string;
  pipeline: string;
  engineId: string;
  /** When the access token stops being accepted, ISO-8601 UTC. */
  expiresAt: string;
  /** Where the search library's engines are pointed (docs/headless-compatibility.md). */
  endpoints: HeadlessEndpoints;
}

export interface Audience {
  isPartner: boolean;
}

export interface UpdateAccountFlowDetails {
  flowScreen: string | null;
}

export interface RemoteMethodResults {
  getHeadlessConfiguration: string;
  getCurrentUserContext: SearchUserContext;
  getUserData: UserData;
  /** The team name, '' when the record has none or is unknown. */
  getTeamValue: string;
  getOnboardingCTADetail: OnboardingCtaDetail;
  getUpdateAccountFlowDetails: UpdateAccountFlowDetails;
  getAudience: Audience;
  executeNBAFlowCurrentUser: RecommendationRecord[];
  /** The record as it stands after the reaction. */
  recordReactionCurrentUser: RecommendationRecord;
  removeReactionCurrentUser: RecommendationRecord;
  celebratePartnerTier: PartnerTierData;
  endCelebratePartnerTier: PartnerTierData;
}

export interface RemoteMethodRequest {
  method: 'GET' | 'POST';
  url: string;
  /** The JSON body of a POST: the method's params. */
  body?: string;
}

/** The gateway path of a method. */
export function remoteMethodPath(prefix: string, method: RemoteMethod): string {
  return `${GATEWAY_BASE_PATH}/${remoteClassName(prefix, REMOTE_METHODS[method].remoteClass)}/${method}`;
}

/**
 * How to call a method: cacheable ones are a GET with the params in the methodParams query,
 * the others a POST with the params as the JSON body.
 */
export function remoteMethodRequest<M extends RemoteMethod>(
  prefix: string,
  method: M,
  params: RemoteMethodParams<M>,
): RemoteMethodRequest {
  const path = remoteMethodPath(prefix, method);
  const json = JSON.stringify(params);
  if (REMOTE_METHODS[method].cacheable) {
    return { method: 'GET', url: `${path}?methodParams=${encodeURIComponent(json)}` };
  }
  return { method: 'POST', url: path, body: json };
}
