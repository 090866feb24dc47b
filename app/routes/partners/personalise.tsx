import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { PERSONALISE_STEPS } from '~core/partner';
import { PartnerFlowPage } from '~app/components/partners/PartnerFlowPage.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract } from '~app/site.ts';
import { personaliseAction, personaliseLoader, type FlowAnswer } from './flows.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return personaliseLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return personaliseAction(args);
}

export const meta = headedPageMeta('partnersPersonalise', { noIndex: true });

/**
 * The personalise flow: what the partner's clients use and what the practice offers, the
 * product interests that decide the home page's 'Partner Start PE' and 'Partner Update PE'.
 */
export default function PersonalisePage() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<FlowAnswer>();
  const contract = useRouteContract();
  return (
    <PartnerFlowPage
      pageKey="partnersPersonalise"
      steps={PERSONALISE_STEPS}
      isPartner={page.kind === 'partner'}
      currentStep={page.kind === 'partner' ? page.step : null}
      refused={refused}
      answersOf={() => (page.kind === 'partner' ? page.values : {})}
      lastLabel="Save my choices"
      done={{
        title: (justSaved) =>
          justSaved ? 'Your choices are saved' : 'Your experience is personalised',
        body: (
          <p>
            The partner cards on the home page follow these choices. Change them whenever your
            practice changes.
          </p>
        ),
        link: <Link to={contract?.path('partners') ?? '#'}>Go to your partner dashboard</Link>,
      }}
    />
  );
}
