import { Link } from 'react-router';
import { useRouteContract } from '~app/site.ts';

export type SignInProblemKind =
  'not-configured' | 'unavailable' | 'denied' | 'expired' | 'provider';

const PROBLEMS: Record<SignInProblemKind, { heading: string; text: string; status: number }> = {
  'not-configured': {
    heading: 'Sign-in is not configured',
    text: "This site has no sign-in service set up yet, so you can't sign in. You can still read help articles, search, and browse the community without an account.",
    status: 503,
  },
  unavailable: {
    heading: 'Sign-in is unavailable right now',
    text: "We couldn't reach the sign-in service. Try again in a few minutes.",
    status: 503,
  },
  denied: {
    heading: 'Sign-in was cancelled',
    text: "You didn't finish signing in, so you're still browsing as a guest.",
    status: 400,
  },
  expired: {
    heading: 'Your sign-in expired',
    text: 'Signing in took too long, or it was started in another window. Try again.',
    status: 400,
  },
  provider: {
    heading: "We couldn't sign you in",
    text: 'The sign-in service could not confirm who you are. Try again. If it keeps happening, contact support.',
    status: 400,
  },
};

export function problemStatus(kind: SignInProblemKind): number {
  return PROBLEMS[kind].status;
}

export function problemHeading(kind: SignInProblemKind): string {
  return PROBLEMS[kind].heading;
}

/** Why signing in did not work, and what to do next: never a bare error. */
export function SignInProblem({ kind, retryUrl }: { kind: SignInProblemKind; retryUrl?: string }) {
  const contract = useRouteContract();
  const problem = PROBLEMS[kind];
  return (
    <div className="page">
      <h1>{problem.heading}</h1>
      <p>{problem.text}</p>
      <ul>
        {retryUrl && kind !== 'not-configured' ? (
          <li>
            <a href={retryUrl}>Try signing in again</a>
          </li>
        ) : null}
        <li>
          <Link to={contract?.path('home') ?? '/'}>Go to the support home page</Link>
        </li>
      </ul>
    </div>
  );
}
