import {
  Link,
  useActionData,
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { UPDATE_ACCOUNT_SCREENS } from '~core/partner';
import { pageHeading } from '~core/routes';
import { FlowStepForm } from '~app/components/partners/FlowStepForm.tsx';
import { FlowSummary } from '~app/components/partners/FlowSummary.tsx';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { updateAccountAction, updateAccountLoader, type FlowAnswer } from './flows.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return updateAccountLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return updateAccountAction(args);
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, (config) => pageHeading('partnersUpdateAccount', config), {
    noIndex: true,
  });
}

/**
 * The update-account flow: four screens ('Screen 1' to 'Screen 4') saved one at a time and
 * resumed where the partner left; saving the fourth finishes it and earns its points.
 */
export default function UpdateAccountPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<FlowAnswer>();
  const [search] = useSearchParams();
  const config = useSiteConfig();
  const contract = useRouteContract();
  const heading = config ? pageHeading('partnersUpdateAccount', config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  const here = contract?.path('partnersUpdateAccount') ?? '';
  const screen = UPDATE_ACCOUNT_SCREENS.find((candidate) => candidate.number === page.step);
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <h1 className={communityStyles.title}>{heading}</h1>
      </header>
      {answer?.message ? (
        <p role="alert" className={communityStyles.error}>
          {answer.message}
        </p>
      ) : null}
      {screen ? (
        <FlowStepForm
          key={screen.number}
          step={screen}
          total={UPDATE_ACCOUNT_SCREENS.length}
          values={answer?.values ?? page.answers[screen.number] ?? {}}
          errors={answer?.errors ?? {}}
          backHref={screen.number > 1 ? `${here}?step=${screen.number - 1}` : null}
          lastLabel="Finish updating"
        />
      ) : (
        <div className={styles.flowPanels}>
          <div className={styles.panel} role="status">
            <h2>
              {search.get('saved') ? 'Your account is updated' : 'Your account is up to date'}
            </h2>
            <p>Thank you. Keep these details current as your practice changes.</p>
            <p>
              <Link to={contract?.path('partnersAccount') ?? '#'}>See your points</Link>
            </p>
          </div>
          <FlowSummary
            steps={UPDATE_ACCOUNT_SCREENS}
            answers={(done) => page.answers[done.number] ?? {}}
            href={(done) => `${here}?step=${done.number}`}
          />
        </div>
      )}
    </div>
  );
}
