import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { UPDATE_ACCOUNT_SCREENS } from '~core/partner';
import { PartnerFlowPage } from '~app/components/partners/PartnerFlowPage.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract } from '~app/site.ts';
import { updateAccountAction, updateAccountLoader, type FlowAnswer } from './flows.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return updateAccountLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return updateAccountAction(args);
}

export const meta = headedPageMeta('partnersUpdateAccount', { noIndex: true });

/**
 * The update-account flow: four screens ('Screen 1' to 'Screen 4') saved one at a time and
 * resumed where the partner left; saving the fourth finishes it and earns its points.
 */
export default function UpdateAccountPage() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<FlowAnswer>();
  const contract = useRouteContract();
  return (
    <PartnerFlowPage
      pageKey="partnersUpdateAccount"
      steps={UPDATE_ACCOUNT_SCREENS}
      isPartner={page.kind === 'partner'}
      currentStep={page.kind === 'partner' ? page.step : null}
      refused={refused}
      answersOf={(screen) => (page.kind === 'partner' ? (page.answers[screen] ?? {}) : {})}
      lastLabel="Finish updating"
      done={{
        title: (justSaved) =>
          justSaved ? 'Your account is updated' : 'Your account is up to date',
        body: <p>Thank you. Keep these details current as your practice changes.</p>,
        link: <Link to={contract?.path('partnersAccount') ?? '#'}>See your points</Link>,
      }}
    />
  );
}
