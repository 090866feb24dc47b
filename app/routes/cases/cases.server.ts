import { data, type ActionFunctionArgs, type AppLoadContext } from 'react-router';
import { ATTACHMENTS_FIELD } from '~core/cases';
import { CaseError, type AttachmentUpload, type CaseContext } from './case-service.server.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import { rejected, requestPath, signInRedirect } from '../community/community.server.ts';

/*
 * What the case pages share: the service context, and the way a form's refusal comes back with
 * what was typed (the same answer shape as the community's forms, which the fields read).
 */

export function caseContext(context: AppLoadContext): CaseContext {
  return {
    db: context.db,
    viewer: context.viewer,
    siteUrl: context.config.siteUrl,
    now: context.clock.now(),
    replies: context.caseReplies,
    followKey: context.caseFollowKey,
    attachmentsDir: context.caseAttachmentsDir,
  };
}

/** A signed-in visitor, or a guest sent to sign in and back to this page. */
export function requireSignIn(context: AppLoadContext, request: Request): void {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
}

/** A loader's call: a case the visitor may not see is the page's 404, like a missing one. */
export async function loadOrNotFound<T>(
  context: AppLoadContext,
  request: Request,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof CaseError)) throw error;
    if (error.errorCode === 'SIGN_IN_REQUIRED') throw signInRedirect(context, requestPath(request));
    if (error.errorCode === 'NOT_FOUND') return notFound();
    throw data(error.message, { status: error.status });
  }
}

export interface CaseForm {
  intent: string;
  /**
   * What the intent acts on, for a button among several alike (one per file): its value is
   * `{intent}:{target}`. Empty for a plain intent.
   */
  target: string;
  formId: string;
  text(name: string): string;
  idempotencyKey: string | undefined;
  /** Every text field as sent, for a refusal to show again. */
  values: Record<string, string>;
  /** The files of its ATTACHMENTS_FIELD (pages that take files only; decision 034). */
  attachments: readonly AttachmentUpload[];
}

/** The form's fields, leaving out what only the machinery reads. */
function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string' && name !== '_csrf') values[name] = value;
  }
  return values;
}

/** The form's files; an action's context is untyped in React Router, so it is named here. */
function uploadsOf(context: AppLoadContext): AppLoadContext['uploads'] {
  return context.uploads;
}

export type CaseIntentHandler = (form: CaseForm, cases: CaseContext) => Promise<unknown>;

/**
 * Every case page action: checks the CSRF token, sends a guest to sign in, runs the form's
 * intent, and turns a refusal into the form's error with the typed text kept. A case the
 * visitor may not see is the page's 404.
 */
export async function runCaseAction(
  { request, context }: ActionFunctionArgs,
  handlers: Readonly<Record<string, CaseIntentHandler>>,
) {
  const formData = await request.formData();
  const values = formValues(formData);
  const field = (name: string) => values[name] ?? '';
  const formId = field('formId');
  if (!context.verifyCsrf(formData)) return rejected(formId, CSRF_REJECTED.message, values, 403);
  const [intent = '', target = ''] = field('intent').split(/:(.*)/s);
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) {
    return rejected(
      formId,
      'This form could not be sent. Reload the page and try again.',
      values,
      400,
    );
  }
  if (context.viewer.isGuest) return signInRedirect(context, requestPath(request));
  const form: CaseForm = {
    intent,
    target,
    formId,
    text: field,
    idempotencyKey: field('idempotencyKey') || undefined,
    values,
    attachments: uploadsOf(context).filter((file) => file.field === ATTACHMENTS_FIELD),
  };
  try {
    return await handler(form, caseContext(context));
  } catch (error) {
    if (!(error instanceof CaseError)) throw error;
    if (error.errorCode === 'SIGN_IN_REQUIRED')
      return signInRedirect(context, requestPath(request));
    if (error.errorCode === 'NOT_FOUND') return notFound();
    return rejected(formId, error.message, values, error.status, error.field);
  }
}
