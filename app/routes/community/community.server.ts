import { randomBytes } from 'node:crypto';
import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from 'react-router';
import { ssoStartUrl } from '~core/routes';
import { CommunityError, type CommunityContext } from '~server/modules/community';
import type { CommunityActionData } from '~app/components/community/CommunityForm.tsx';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { notFound } from '../kb/page-data.server.ts';

/** What every community service call needs, from the page's load context. */
export function communityContext(context: AppLoadContext): CommunityContext {
  return {
    db: context.db,
    viewer: context.viewer,
    siteUrl: context.config.siteUrl,
    now: context.clock.now(),
  };
}

/**
 * A fresh token each time a page with posting forms is made: the forms' idempotency keys are
 * built from it, so a form sent twice carries one key and makes one post.
 */
export function pageToken(): string {
  return randomBytes(16).toString('hex');
}

/** React Router's own query parameters, which are no part of the page's address. */
const ROUTER_PARAMS = ['index', '_routes', '_data'];

/** The page a request was made on, as the path and query to come back to. */
export function requestPath(request: Request): string {
  const url = new URL(request.url);
  for (const name of ROUTER_PARAMS) url.searchParams.delete(name);
  const pathname = url.pathname.replace(/\.data$/, '');
  return `${pathname}${url.search}`;
}

/** Sends a guest to sign in (spec 2.3's start path), coming back to `returnTo`. */
export function signInRedirect(context: AppLoadContext, returnTo: string): Response {
  return redirect(ssoStartUrl(context.config.ssoProvider, returnTo), 303);
}

/** The fields a page's forms carry for the machinery, never shown again as typed text. */
const MACHINERY_FIELDS = new Set(['_csrf', 'intent', 'formId', 'idempotencyKey']);

export interface CommunityForm {
  intent: string;
  formId: string;
  /** A text field's value, '' when absent. */
  text(name: string): string;
  /** Every value of a repeated field (checkboxes). */
  all(name: string): string[];
  /** The idempotency key, when the form carried one. */
  idempotencyKey: string | undefined;
}

function keptValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    if (MACHINERY_FIELDS.has(name)) continue;
    const all = form.getAll(name).filter((value): value is string => typeof value === 'string');
    values[name] = all.length === 1 ? (all[0] ?? '') : all;
  }
  return values;
}

/** A refused form: its message, the field it is about, and what was typed, to show again. */
export function rejected(
  formId: string,
  message: string,
  values: Record<string, string | string[]>,
  status: number,
  field?: string,
) {
  return data<CommunityActionData>(
    { rejected: { formId, message, values, ...(field ? { field } : {}) } },
    { status },
  );
}

/** An accepted form whose page stays as it is, with a word of confirmation. */
export function done(formId: string, message: string) {
  return data<CommunityActionData>({ done: { formId, message } });
}

export type IntentHandler = (
  form: CommunityForm,
  community: CommunityContext,
) => Promise<Response | ReturnType<typeof done>>;

/**
 * Every community action: checks the CSRF token, sends a guest to sign in (and back), runs
 * the form's intent, and turns a refusal from the service into the form's error with the
 * typed text kept. A missing record is the page's 404; an unknown intent a 400.
 */
export async function runCommunityAction(
  { request, context }: ActionFunctionArgs,
  handlers: Readonly<Record<string, IntentHandler>>,
) {
  const formData = await request.formData();
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };
  const formId = field('formId');
  const values = keptValues(formData);
  if (!context.verifyCsrf(formData)) {
    return rejected(formId, CSRF_REJECTED.message, values, 403);
  }
  const handler = Object.hasOwn(handlers, field('intent')) ? handlers[field('intent')] : undefined;
  if (!handler)
    return rejected(
      formId,
      'This form could not be sent. Reload the page and try again.',
      values,
      400,
    );
  if (context.viewer.isGuest) return signInRedirect(context, requestPath(request));
  const form: CommunityForm = {
    intent: field('intent'),
    formId,
    text: field,
    all: (name) =>
      formData.getAll(name).filter((value): value is string => typeof value === 'string'),
    idempotencyKey: field('idempotencyKey') || undefined,
  };
  try {
    return await handler(form, communityContext(context));
  } catch (error) {
    if (!(error instanceof CommunityError)) throw error;
    if (error.errorCode === 'SIGN_IN_REQUIRED')
      return signInRedirect(context, requestPath(request));
    if (error.errorCode === 'NOT_FOUND') return notFound();
    return rejected(formId, error.message, values, error.status, error.field);
  }
}

/**
 * A loader's call to the service: a guest asked to sign in is sent there and back, a missing
 * or forbidden record is a 404 (admins' pages do not reveal themselves to others).
 */
export async function loadOrRespond<T>(
  context: AppLoadContext,
  request: Request,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof CommunityError)) throw error;
    if (error.errorCode === 'SIGN_IN_REQUIRED') throw signInRedirect(context, requestPath(request));
    if (error.errorCode === 'NOT_FOUND' || error.errorCode === 'FORBIDDEN') return notFound();
    throw data(error.message, { status: error.status });
  }
}

/** Whether the viewer holds the setup-viewing permission: section 6's admins moderate. */
export function isAdmin(context: AppLoadContext): boolean {
  return !context.viewer.isGuest && context.viewer.user.canViewSetup;
}
