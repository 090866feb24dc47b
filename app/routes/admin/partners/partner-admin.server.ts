import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from 'react-router';
import type { PortalUser } from '~server/modules/identity';
import type { AdminChange } from '~server/modules/partners';
import { notFound } from '../../kb/page-data.server.ts';
import {
  done,
  rejected,
  requestPath,
  runCommunityAction,
  signInRedirect,
  type CommunityForm,
} from '../../community/community.server.ts';

/* What the programme's admin pages share; a '.server' module, so they take the services here. */
export {
  addReward,
  adjustPartnerPoints,
  cancelRedemption,
  changeEarningRule,
  changeTierThreshold,
  editReward,
  fulfilRedemption,
  offerJob,
  programmeConfiguration,
  recentServiceJobs,
  redemptionsToDecide,
  retireReward,
} from '~server/modules/partners';

/** Admins only (the setup permission): a guest signs in first, anyone else gets a 404. */
export function requireProgrammeAdmin(
  request: Request,
  context: LoaderFunctionArgs['context'],
): PortalUser {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  if (!context.viewer.user.canViewSetup) notFound();
  return context.viewer.user;
}

export type ProgrammeHandler = (
  form: CommunityForm,
  admin: PortalUser,
  context: AppLoadContext,
) => Promise<Response | ReturnType<typeof done> | ReturnType<typeof rejected>>;

/**
 * Every admin form of the programme: the CSRF token and the intent as on community pages, then
 * the admin check, so a form sent by anyone else is a 404 and changes nothing.
 */
export async function runProgrammeAction(
  args: ActionFunctionArgs,
  handlers: Readonly<Record<string, ProgrammeHandler>>,
) {
  const admin = () => requireProgrammeAdmin(args.request, args.context);
  return runCommunityAction(
    args,
    Object.fromEntries(
      Object.entries(handlers).map(([intent, handler]) => [
        intent,
        (form: CommunityForm) => handler(form, admin(), args.context),
      ]),
    ),
  );
}

/** A service's answer as the form's: its message at its field, with what was typed kept. */
export function answer(
  form: CommunityForm,
  change: AdminChange,
  message: string,
  fields: readonly string[],
) {
  if (change.ok) return done(form.formId, message);
  const values = Object.fromEntries(fields.map((name) => [name, form.text(name)]));
  return rejected(form.formId, change.message, values, 422, change.field);
}
