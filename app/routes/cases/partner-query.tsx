import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { pageHeading } from '~core/routes';
import { CaseSubmitted, RaiseCaseFlow } from '~app/components/cases/RaiseCaseFlow.tsx';
import caseStyles from '~app/components/cases/cases.module.css';
import styles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { raiseFlowAction, raiseFlowLoader } from './raise-flow.server.ts';

/** Partners' queries: the raise flow with the partner categories, to the partner queue. */
export async function loader(args: LoaderFunctionArgs) {
  return raiseFlowLoader(args, 'partner');
}

export async function action(args: ActionFunctionArgs) {
  return raiseFlowAction(args, 'partner');
}

export const meta = headedPageMeta('raisePartnerSupportCase', { noIndex: true });

export default function PartnerQueryPage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const contract = useRouteContract();
  const heading = config ? pageHeading('raisePartnerSupportCase', config) : '';
  return (
    <div className={caseStyles.flow}>
      <h1 className={styles.title}>{page.kind === 'submitted' ? 'Query submitted' : heading}</h1>
      {page.kind === 'submitted' ? <CaseSubmitted {...page} /> : null}
      {page.kind === 'not-partner' ? (
        <div className={styles.notice}>
          <p>Partner queries are for members of the partner programme.</p>
          <p>
            For help with your own subscription or the product,{' '}
            <Link to={contract?.path('raiseSupportCase') ?? '#'}>raise a support case</Link>.
          </p>
        </div>
      ) : null}
      {page.kind === 'flow' ? (
        <RaiseCaseFlow
          {...page}
          intro="Ask the partner team about the programme, your clients' subscriptions, the advisor directory or billing."
        />
      ) : null}
    </div>
  );
}
