import {
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { MARKET_DEFINITIONS, PRACTICE_MARKETS, PRACTICE_SERVICES } from '~core/practices';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import {
  CheckboxGroup,
  SelectField,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import styles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { routeContractFor } from '~app/site.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import {
  done,
  pageToken,
  rejected,
  requestPath,
  signInRedirect,
} from '../community/community.server.ts';
import {
  askToJoin,
  createPractice,
  findManagedPractice,
  practicesContext,
  practiceUser,
} from './practices.server.ts';

const FIELDS = ['name', 'market', 'registrationNumber', 'address', 'city', 'postcode'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = practiceUser(context);
  if (!user) throw signInRedirect(context, requestPath(request));
  const managed = await findManagedPractice(context, user.id);
  return {
    member: managed ? { name: managed.practice.name } : undefined,
    market: context.viewer.user?.market ?? '',
    managePath: routeContractFor(context.config).path('manageAdvisorDirectory') ?? '/',
    token: pageToken(),
  };
}

export const meta = headedPageMeta('createPracticeAccount', { noIndex: true });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values: Record<string, string | string[]> = Object.fromEntries(
    FIELDS.map((name) => [name, text(name)]),
  );
  values.services = form.getAll('services').filter((value) => typeof value === 'string');
  if (!context.verifyCsrf(form)) return rejected('practice', CSRF_REJECTED.message, values, 403);
  const user = practiceUser(context);
  if (!user) throw signInRedirect(context, requestPath(request));
  const practices = practicesContext(context);
  if (text('intent') === 'join') {
    const asked = await askToJoin(practices, user, text('practiceId'));
    if (asked.kind === 'not-found')
      return rejected('join', 'That practice no longer exists.', {}, 404);
    return done(
      'join',
      asked.kind === 'member-already'
        ? 'You already belong to this practice.'
        : 'We asked the practice’s principal contact to let you in. You will get an e-mail when they decide.',
    );
  }
  const outcome = await createPractice(practices, user, {
    name: text('name'),
    market: text('market'),
    registrationNumber: text('registrationNumber'),
    address: text('address'),
    city: text('city'),
    postcode: text('postcode'),
    services: values.services as string[],
    requestKey: text('idempotencyKey') || crypto.randomUUID(),
  });
  if (outcome.kind === 'invalid')
    return rejected('practice', outcome.message, values, 400, outcome.field);
  if (outcome.kind === 'member-already')
    return rejected(
      'practice',
      `You already belong to ${outcome.name}. A person belongs to one practice.`,
      values,
      409,
    );
  if (outcome.kind === 'exists')
    return { exists: { practiceId: outcome.practiceId, name: outcome.name } };
  throw redirect(routeContractFor(context.config).path('manageAdvisorDirectory') ?? '/', 303);
}

export default function CreatePracticePage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<{ exists?: { practiceId: string; name: string } }>();
  const exists = result && 'exists' in result ? result.exists : undefined;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Create a practice account</h1>
        <p className={styles.intro}>
          Register your accounting or bookkeeping practice to join the partner programme at the
          starter tier and list it in the advisor directory.
        </p>
      </header>
      {page.member ? (
        <p className={styles.notice}>
          You belong to {page.member.name}.{' '}
          <Link to={page.managePath}>Manage its directory listing</Link>.
        </p>
      ) : null}
      {exists ? (
        <section className={styles.section} aria-labelledby="join-heading">
          <h2 id="join-heading" className={styles.sectionTitle}>
            {exists.name} is already registered
          </h2>
          <p>
            A practice with this registration number exists. Ask its principal contact to let you
            join it instead.
          </p>
          <CommunityForm
            formId="join"
            intent="join"
            hidden={{ practiceId: exists.practiceId }}
            submitLabel={`Ask to join ${exists.name}`}
            pendingLabel="Asking…"
          />
        </section>
      ) : null}
      <JoinAnswer />
      <CommunityForm
        formId="practice"
        intent="create"
        pageToken={page.token}
        label="Your practice"
        submitLabel="Create the practice"
        pendingLabel="Creating…"
      >
        <TextField name="name" label="Practice name" required maxLength={120} />
        <SelectField
          name="market"
          label="Country of registration"
          required
          defaultValue={PRACTICE_MARKETS.find((market) => market === page.market) ?? ''}
          options={[
            { value: '', label: 'Choose a country' },
            ...PRACTICE_MARKETS.map((market) => ({
              value: market,
              label: MARKET_DEFINITIONS[market].name,
            })),
          ]}
        />
        <TextField
          name="registrationNumber"
          label="Business registration number"
          hint="The ABN (Australia), NZBN (New Zealand), company number (UK), EIN (US), business number (Canada), UEN (Singapore) or company registration number (South Africa)."
          required
          maxLength={40}
        />
        <TextField name="address" label="Street address" required maxLength={200} />
        <TextField name="city" label="Town or city" required maxLength={80} />
        <TextField name="postcode" label="Postcode" required maxLength={10} />
        <CheckboxGroup
          name="services"
          legend="Services you offer"
          required
          options={PRACTICE_SERVICES.map((service) => ({
            value: service.key,
            label: service.label,
          }))}
        />
      </CommunityForm>
    </div>
  );
}

function JoinAnswer() {
  const result = useActionData<{ done?: { formId: string; message: string } }>();
  const answer = result?.done?.formId === 'join' ? result.done.message : undefined;
  return answer ? (
    <p role="status" className={styles.notice}>
      {answer}
    </p>
  ) : null;
}
