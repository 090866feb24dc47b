import {
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { subscriptionsAdminAction, subscriptionsAdminLoader } from './admin.server.ts';
import { StaffOverview } from './StaffOverview.tsx';
import styles from './subscriptions.module.css';

const HEADING = 'Subscriptions: plans, discounts, orders and transfers';

export async function loader(args: LoaderFunctionArgs) {
  return subscriptionsAdminLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return subscriptionsAdminAction(args);
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

type Page = Awaited<ReturnType<typeof loader>>;

export default function SubscriptionsAdminPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{HEADING}</h1>
      <section className={communityStyles.section} aria-labelledby="plans-heading">
        <h2 id="plans-heading" className={communityStyles.sectionTitle}>
          Plans and monthly prices, net of tax
        </h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Plans by market</caption>
            <thead>
              <tr>
                <th scope="col">Market</th>
                <th scope="col">Plan</th>
                <th scope="col">Now</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {page.plans.map((plan) => (
                <PlanRow key={`${plan.market}-${plan.code}`} plan={plan} />
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className={communityStyles.section} aria-labelledby="discounts-heading">
        <h2 id="discounts-heading" className={communityStyles.sectionTitle}>
          Partner discount by tier
        </h2>
        <ul className={communityStyles.plainList}>
          {page.discounts.map((discount) => (
            <li key={discount.tier}>
              <DiscountForm {...discount} />
            </li>
          ))}
        </ul>
      </section>
      <StaffOverview orders={page.orders} transfers={page.transfers} audit={page.audit} />
    </div>
  );
}

function PlanRow({ plan }: { plan: Page['plans'][number] }) {
  const formId = `price-${plan.market}-${plan.code}`;
  const { rejection, done } = useFormResult(formId);
  const name = `${plan.market} ${plan.name}`;
  const kept = rejection?.values.price;
  return (
    <tr>
      <td data-label="Market">{plan.market}</td>
      <td data-label="Plan">{plan.name}</td>
      <td data-label="Now" className={styles.money}>
        {plan.price}
        {plan.active ? '' : ' (not sold)'}
      </td>
      <td data-label="Change">
        <CommunityForm
          formId={formId}
          intent="price"
          hidden={{ market: plan.market, code: plan.code }}
          className={styles.rowForm}
          submitLabel="Save"
          buttonLabel={`Save ${name}`}
          buttonClassName={communityStyles.quietButton}
        >
          <label className={styles.rowForm}>
            {plan.currency}
            <input
              className={communityStyles.input}
              name="price"
              inputMode="decimal"
              size={8}
              defaultValue={typeof kept === 'string' ? kept : plan.amount}
              aria-label={`${plan.currency} a month for ${name}`}
            />
          </label>
          <label className={communityStyles.checkbox}>
            <input type="checkbox" name="active" defaultChecked={plan.active} />
            Sold
          </label>
        </CommunityForm>
        {done ? <p role="status">{done.message}</p> : null}
      </td>
    </tr>
  );
}

function DiscountForm({ tier, percent }: { tier: string; percent: string }) {
  const formId = `discount-${tier}`;
  const { rejection, done } = useFormResult(formId);
  const kept = rejection?.values.percent;
  return (
    <CommunityForm
      formId={formId}
      intent="discount"
      hidden={{ tier }}
      className={styles.filters}
      submitLabel="Save"
      buttonLabel={`Save the ${tier} discount`}
      buttonClassName={communityStyles.quietButton}
    >
      <label className={styles.filterField}>
        {`${tier[0]?.toUpperCase()}${tier.slice(1)} tier, % off`}
        <input
          className={communityStyles.input}
          name="percent"
          inputMode="decimal"
          size={6}
          defaultValue={typeof kept === 'string' ? kept : percent}
        />
      </label>
      {done ? <p role="status">{done.message}</p> : null}
    </CommunityForm>
  );
}
