import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { CaseSubmitted, RaiseCaseFlow } from '~app/components/cases/RaiseCaseFlow.tsx';
import caseStyles from '~app/components/cases/cases.module.css';
import styles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useSiteConfig } from '~app/site.ts';
import { raiseFlowAction, raiseFlowLoader } from './raise-flow.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return raiseFlowLoader(args, 'customer');
}

export async function action(args: ActionFunctionArgs) {
  return raiseFlowAction(args, 'customer');
}

export const meta = headedPageMeta('raiseSupportCase', { noIndex: true });

export default function RaiseSupportCasePage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const heading = config ? pageHeading('raiseSupportCase', config) : '';
  return (
    <div className={caseStyles.flow}>
      <h1 className={styles.title}>{page.kind === 'submitted' ? 'Case submitted' : heading}</h1>
      {page.kind === 'submitted' ? <CaseSubmitted {...page} /> : null}
      {page.kind === 'flow' ? (
        <RaiseCaseFlow
          {...page}
          intro="Tell us what went wrong. We show help that may answer it before you send the case."
        />
      ) : null}
    </div>
  );
}
