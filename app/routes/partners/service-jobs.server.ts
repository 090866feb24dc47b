import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from 'react-router';
import { routeContractFor } from '~app/site.ts';
import { isRecordId } from '~core/records';
import {
  rateServiceJob,
  serviceJobDetail,
  serviceJobForClient,
  takeServiceJobStep,
  type RatingLinks,
  type ServiceJobStepResult,
} from '~server/modules/partners';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import {
  partnerAccess,
  runPartnerAction,
  type PartnerFormResult,
  type PartnerIntentHandler,
} from './partners.server.ts';

/*
 * A managed-service job's page. Partners of the practice that may see the job take its steps;
 * the client, with the signed link of their e-mail (`?rating=`), rates the finished work
 * without an account.
 */

function ratingLinks(context: AppLoadContext): RatingLinks {
  return { key: context.serviceJobRatingKey, siteUrl: context.config.siteUrl };
}

function jobIdOf(context: AppLoadContext, id: string | undefined): string {
  // The route data rule of every id page: a malformed id goes to the error page.
  if (id === undefined || !isRecordId(id)) {
    throw redirect(routeContractFor(context.config).path('error') ?? '/s/error', 302);
  }
  return id;
}

export async function serviceJobLoader({ request, params, context }: LoaderFunctionArgs) {
  const id = jobIdOf(context, params.id);
  const signature = new URL(request.url).searchParams.get('rating');
  if (signature !== null) {
    const job = await serviceJobForClient(context.db, ratingLinks(context).key, id, signature);
    return job === undefined
      ? { kind: 'rating-link-wrong' as const }
      : { kind: 'client' as const, job, signature };
  }
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') return { kind: 'not-partner' as const };
  const detail = await serviceJobDetail(context.db, access.user.id, id);
  if (detail === undefined) return notFound();
  return { kind: 'partner' as const, ...detail };
}

const STEP_REFUSALS: Readonly<
  Record<Exclude<ServiceJobStepResult, { ok: true }>['reason'], string>
> = {
  'not-found': 'This job is not open to your practice.',
  'no-practice': 'Jobs are taken by a practice. Create or join a practice account first.',
  taken: 'Another practice has just accepted this job.',
  'moved-on': 'This job has moved on since you opened it. Reload the page to see where it is.',
  invalid: '',
};

const STEP_DONE = {
  accepted: 'Accepted. The job is your practice’s now.',
  'in-progress': 'Work started.',
  completed: 'Completed. We have asked the client to rate the work.',
  offered: '',
} as const;

async function rate({ request, params, context }: ActionFunctionArgs, formData: FormData) {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = { stars: text('stars'), comment: text('comment') };
  const answer = (result: PartnerFormResult, status: number) => data(result, { status });
  if (!context.verifyCsrf(formData)) {
    return answer({ formId: 'rate', ok: false, message: CSRF_REJECTED.message, values }, 403);
  }
  const id = jobIdOf(context, params.id);
  const result = await rateServiceJob(context.db, {
    key: ratingLinks(context).key,
    jobId: id,
    signature: new URL(request.url).searchParams.get('rating') ?? text('signature'),
    stars: values.stars,
    comment: values.comment,
    at: context.clock.now(),
  });
  if (result.ok) {
    return answer({ formId: 'rate', ok: true, message: 'Thank you for your rating.' }, 200);
  }
  if (result.reason === 'invalid') {
    return answer(
      { formId: 'rate', ok: false, field: result.field, message: result.message, values },
      400,
    );
  }
  const message =
    result.reason === 'already-rated'
      ? 'This job has already been rated. Thank you.'
      : 'This rating link is not right. Open the link in your e-mail again.';
  return answer({ formId: 'rate', ok: false, message, values }, 409);
}

export async function serviceJobAction(args: ActionFunctionArgs) {
  const formData = await args.request.clone().formData();
  if (formData.get('intent') === 'rate') return rate(args, formData);
  const id = jobIdOf(args.context, args.params.id);
  const take =
    (step: 'accept' | 'start' | 'complete'): PartnerIntentHandler =>
    async (form, user, context) => {
      const result = await takeServiceJobStep(context.db, {
        userId: user.id,
        jobId: id,
        step,
        notes: form.text('notes'),
        at: context.clock.now(),
        links: ratingLinks(context),
      });
      if (result.ok) return { formId: form.formId, ok: true, message: STEP_DONE[result.status] };
      if (result.reason === 'invalid') {
        return {
          formId: form.formId,
          ok: false,
          field: result.field,
          message: result.message,
          values: form.values,
        };
      }
      return {
        formId: form.formId,
        ok: false,
        message: STEP_REFUSALS[result.reason],
        values: form.values,
      };
    };
  return runPartnerAction(args, {
    accept: take('accept'),
    start: take('start'),
    complete: take('complete'),
  });
}
