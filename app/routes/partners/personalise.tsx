import {
  Link,
  useActionData,
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { PERSONALISE_STEPS } from '~core/partner';
import { pageHeading } from '~core/routes';
import { FlowStepForm } from '~app/components/partners/FlowStepForm.tsx';
import { FlowSummary } from '~app/components/partners/FlowSummary.tsx';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { personaliseAction, personaliseLoader, type FlowAnswer } from './flows.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return personaliseLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return personaliseAction(args);
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, (config) => pageHeading('partnersPersonalise', config), {
    noIndex: true,
  });
}

/**
 * The personalise flow: what the partner's clients use and what the practice offers, the
 * product interests that decide the home page's 'Partner Start PE' and 'Partner Update PE'.
 */
export default function PersonalisePage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<FlowAnswer>();
  const [search] = useSearchParams();
  const config = useSiteConfig();
  const contract = useRouteContract();
  const heading = config ? pageHeading('partnersPersonalise', config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  const here = contract?.path('partnersPersonalise') ?? '';
  const step = PERSONALISE_STEPS.find((candidate) => candidate.number === page.step);
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
      {step ? (
        <FlowStepForm
          key={step.number}
          step={step}
          total={PERSONALISE_STEPS.length}
          values={answer?.values ?? page.values}
          errors={answer?.errors ?? {}}
          backHref={step.number > 1 ? `${here}?step=${step.number - 1}` : null}
          lastLabel="Save my choices"
        />
      ) : (
        <div className={styles.flowPanels}>
          <div className={styles.panel} role="status">
            <h2>
              {search.get('saved') ? 'Your choices are saved' : 'Your experience is personalised'}
            </h2>
            <p>
              The partner cards on the home page follow these choices. Change them whenever your
              practice changes.
            </p>
            <p>
              <Link to={contract?.path('partners') ?? '#'}>Go to your partner dashboard</Link>
            </p>
          </div>
          <FlowSummary
            steps={PERSONALISE_STEPS}
            answers={() => page.values}
            href={(done) => `${here}?step=${done.number}`}
          />
        </div>
      )}
    </div>
  );
}
