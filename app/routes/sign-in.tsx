import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { ssoStartUrl } from '~core/routes';
import { redirectWithCookies } from '../components/session/redirect-with-cookies.ts';
import { pageMeta } from '../meta.ts';
import {
  problemHeading,
  problemStatus,
  SignInProblem,
  type SignInProblemKind,
} from '../components/session/SignInProblem.tsx';

/** /services/auth/sso/{provider}?startURL=…: off to the identity provider, or why not. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const provider = params.provider ?? '';
  const startUrl = new URL(request.url).searchParams.get('startURL');
  const step = await context.signIn.start(provider, startUrl);
  if (step.redirect !== undefined) return redirectWithCookies(step.redirect, step.setCookies);
  if (step.problem.kind === 'unknown-provider') throw data(null, { status: 404 });
  const kind: SignInProblemKind = step.problem.kind;
  return data(
    { kind, retryUrl: ssoStartUrl(provider, startUrl ?? '/') },
    {
      status: problemStatus(kind),
      headers: kind === 'not-configured' ? {} : { 'Retry-After': '60' },
    },
  );
}

export function meta({ matches, data: loaded }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => (loaded ? problemHeading(loaded.kind) : 'Sign in'), {
    noIndex: true,
  });
}

export default function SignInStart() {
  const { kind, retryUrl } = useLoaderData<typeof loader>();
  return <SignInProblem kind={kind} retryUrl={retryUrl} />;
}
