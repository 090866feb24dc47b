import { data, type ActionFunctionArgs, type AppLoadContext } from 'react-router';
import { mayUsePartnerProgramme } from '~server/modules/partners';
import type { PortalUser } from '~server/modules/identity';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { requestPath, signInRedirect } from '../community/community.server.ts';

/*
 * What the partner pages share: who may see them, and how a form's answer comes back. A guest
 * is sent to sign in; a signed-in visitor who is not a partner gets the page's plain refusal,
 * never another partner's data.
 */

export type PartnerAccess = { kind: 'partner'; user: PortalUser } | { kind: 'not-partner' };

export function partnerAccess(context: AppLoadContext, request: Request): PartnerAccess {
  const { viewer } = context;
  if (viewer.isGuest) throw signInRedirect(context, requestPath(request));
  return mayUsePartnerProgramme(viewer)
    ? { kind: 'partner', user: viewer.user }
    : { kind: 'not-partner' };
}

/** What a partner form's action answers: a message for the form it came from. */
export interface PartnerFormResult {
  formId: string;
  ok: boolean;
  message: string;
  /** The field the message is about, when it is about one. */
  field?: string;
  values?: Record<string, string>;
}

export function formAnswer(result: PartnerFormResult, status = 200) {
  return data(result, { status });
}

export interface PartnerForm {
  formId: string;
  text(name: string): string;
  values: Record<string, string>;
}

export type PartnerIntentHandler = (
  form: PartnerForm,
  user: PortalUser,
  context: AppLoadContext,
) => Promise<PartnerFormResult>;

/**
 * Every partner page action: checks the CSRF token and the partner, and runs the form's intent.
 * An intent the page does not have is refused plainly.
 */
export async function runPartnerAction(
  { request, context }: ActionFunctionArgs,
  handlers: Readonly<Record<string, PartnerIntentHandler>>,
) {
  const formData = await request.formData();
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value === 'string' && name !== '_csrf') values[name] = value;
  }
  const text = (name: string) => values[name] ?? '';
  const formId = text('formId');
  if (!context.verifyCsrf(formData)) {
    return formAnswer({ formId, ok: false, message: CSRF_REJECTED.message, values }, 403);
  }
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') {
    return formAnswer({ formId, ok: false, message: 'Only partners can do this.', values }, 403);
  }
  const intent = text('intent');
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) {
    return formAnswer(
      {
        formId,
        ok: false,
        message: 'This form could not be sent. Reload the page and try again.',
        values,
      },
      400,
    );
  }
  const result = await handler({ formId, text, values }, access.user, context);
  return formAnswer(result, result.ok ? 200 : 409);
}
