import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from 'react-router';
import type { PortalUser } from '~server/modules/identity';
import type { AdminChange, ChangeAuthor } from '~server/modules/partners';
import { notFound } from '../../kb/page-data.server.ts';
import {
  done,
  pageToken,
  rejected,
  requestPath,
  runCommunityAction,
  signInRedirect,
  type CommunityForm,
} from '../../community/community.server.ts';

/* What the programme's admin pages share; a '.server' module, so they take the services here. */
export {
  addChallenge,
  addResource,
  addReward,
  addStepRule,
  adjustPartnerPoints,
  cancelRedemption,
  challengesForAdmin,
  changeEarningRule,
  changeTierThreshold,
  configurationChanges,
  configurationChangesCsv,
  editChallenge,
  editResource,
  editReward,
  editStepRule,
  endChallengeEarly,
  fulfilRedemption,
  moveOnboardingStep,
  moveStepRule,
  offerJob,
  onboardingForAdmin,
  programmeConfiguration,
  recentServiceJobs,
  redemptionsToDecide,
  renameOnboardingStep,
  resourcesForAdmin,
  retireOnboardingStep,
  retireResource,
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

/**
 * A programme admin page's loader: the admin check, then what the page reads, with a fresh key
 * for the page's forms that add records.
 */
export function programmeAdminLoader<T extends object>(
  read: (context: AppLoadContext) => T | Promise<T>,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    requireProgrammeAdmin(request, context);
    return { pageToken: pageToken(), ...(await read(context)) };
  };
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

/** The fields' texts as a form sent them, by name. */
export function formTexts<Name extends string>(
  form: CommunityForm,
  fields: readonly Name[],
): Record<Name, string> {
  return Object.fromEntries(fields.map((name) => [name, form.text(name)])) as Record<Name, string>;
}

/**
 * A form that adds a record carries the page's key, which makes the record's id: without it
 * (a page from before the key, or a forged form) it is refused rather than added twice.
 */
export async function withRequestKey(
  form: CommunityForm,
  add: (requestKey: string) => Promise<ReturnType<typeof done> | ReturnType<typeof rejected>>,
) {
  if (form.idempotencyKey === undefined)
    return rejected(form.formId, 'Reload the page and send the form again.', {}, 400);
  return add(form.idempotencyKey);
}

type Fields<Name extends string> = Record<Name, string>;

/** Who sends a programme admin form, and when: what the record of changes keeps. */
export function changeAuthor(admin: PortalUser, context: AppLoadContext): ChangeAuthor {
  return { adminId: admin.id, at: context.clock.now() };
}

/**
 * A form that adds a record from its fields, keyed by the page's key so that a resent form
 * adds one; the service checks the fields and the form shows its answer.
 */
export function adding<Name extends string>(
  fields: readonly Name[],
  message: string,
  add: (
    db: AppLoadContext['db'],
    form: Fields<Name> & { requestKey: string },
    by: ChangeAuthor,
    /** The form's files, on a page that takes them. */
    uploads: AppLoadContext['uploads'],
  ) => Promise<AdminChange>,
): ProgrammeHandler {
  return (form, admin, context) =>
    withRequestKey(form, async (requestKey) => {
      const sent = { ...formTexts(form, fields), requestKey };
      const by = changeAuthor(admin, context);
      const change = await add(context.db, sent, by, context.uploads);
      return answer(form, change, message, fields);
    });
}

/** A form that changes the record its hidden field names, from its fields. */
export function editing<Name extends string>(
  fields: readonly Name[],
  idField: string,
  message: string,
  edit: (
    db: AppLoadContext['db'],
    id: string,
    form: Fields<Name>,
    by: ChangeAuthor,
    /** The form's files, on a page that takes them. */
    uploads: AppLoadContext['uploads'],
  ) => Promise<AdminChange>,
): ProgrammeHandler {
  return async (form, admin, context) =>
    answer(
      form,
      await edit(
        context.db,
        form.text(idField),
        formTexts(form, fields),
        changeAuthor(admin, context),
        context.uploads,
      ),
      message,
      fields,
    );
}

/** A form that retires the record its hidden field names; sent again, it is retired once. */
export function retiring(
  idField: string,
  message: string,
  retire: (db: AppLoadContext['db'], id: string, by: ChangeAuthor) => Promise<unknown>,
): ProgrammeHandler {
  return async (form, admin, context) => {
    await retire(context.db, form.text(idField), changeAuthor(admin, context));
    return done(form.formId, message);
  };
}

/** A service's answer as the form's: its message at its field, with what was typed kept. */
export function answer(
  form: CommunityForm,
  change: AdminChange,
  message: string,
  fields: readonly string[],
) {
  if (change.ok) return done(form.formId, message);
  return rejected(form.formId, change.message, formTexts(form, fields), 422, change.field);
}
