import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { pageMeta } from '../meta.ts';
import { redirectWithCookies } from '../components/session/redirect-with-cookies.ts';
import {
  problemHeading,
  problemStatus,
  SignInProblem,
} from '../components/session/SignInProblem.tsx';

/** Where the identity provider sends the visitor back: signed in, or told what went wrong. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const step = await context.signIn.complete(params.provider ?? '', new URL(request.url).search);
  if (step.redirect !== undefined) return redirectWithCookies(step.redirect, step.setCookies);
  const problem = step.problem;
  if (problem.kind === 'unknown-provider') throw data(null, { status: 404 });
  if (problem.kind === 'not-configured') {
    return data(
      { kind: problem.kind, retryUrl: undefined },
      { status: problemStatus(problem.kind) },
    );
  }
  return data(
    { kind: problem.reason, retryUrl: problem.retryUrl },
    { status: problemStatus(problem.reason), headers: { 'Cache-Control': 'no-store' } },
  );
}

export function meta({ matches, data: loaded }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => (loaded ? problemHeading(loaded.kind) : 'Sign in'), {
    noIndex: true,
  });
}

export default function SignInCallback() {
  const { kind, retryUrl } = useLoaderData<typeof loader>();
  return <SignInProblem kind={kind} retryUrl={retryUrl} />;
}
