import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { pageHeading } from '~core/routes';
import communityStyles from '~app/components/community/community.module.css';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { buyAction, buyLoader, type CartAnswer } from './buy.server.ts';
import { CartForm } from './CartForm.tsx';
import { NoPractice } from './NoPractice.tsx';
import styles from './subscriptions.module.css';

export async function loader(args: LoaderFunctionArgs) {
  return buyLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return buyAction(args);
}

export const meta = headedPageMeta('buyMultipleSubscriptions', { noIndex: true });

export default function BuyMultipleSubscriptionsPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<CartAnswer>();
  const config = useSiteConfig();
  const heading = config ? pageHeading('buyMultipleSubscriptions', config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  if (page.kind === 'no-practice') return <NoPractice heading={heading} />;
  if (page.kind === 'placed') return <OrderPlaced order={page.order} />;
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <p className={communityStyles.eyebrow}>{page.practiceName}</p>
        <h1 className={communityStyles.title}>{heading}</h1>
        <p className={communityStyles.intro}>
          Buy subscriptions for several clients at once, billed to your practice at its partner
          discount. Type the clients or import them from a CSV file, review the totals, then place
          the order.
        </p>
      </header>
      <CartForm plans={page.plans} token={page.token} answer={answer} />
    </div>
  );
}

function OrderPlaced({
  order,
}: {
  order: {
    number: string;
    placedOn: string;
    total: string;
    taxNote: string;
    invoicePath: string;
    lines: { businessName: string; email: string; plan: string; startDate: string }[];
  };
}) {
  const contract = useRouteContract();
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <h1 className={communityStyles.title}>{`Order ${order.number} placed`}</h1>
      </header>
      <div role="status" className={communityStyles.notice}>
        <p>
          {`${order.lines.length === 1 ? '1 client subscription' : `${order.lines.length} client subscriptions`} for ${order.total} (${order.taxNote}). `}
          The invoice is on its way to you by e-mail, and each client has been invited to activate
          their subscription.
        </p>
      </div>
      <p>
        <a href={order.invoicePath} download>
          {`Download invoice ${order.number} (PDF)`}
        </a>
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{`Clients on order ${order.number}`}</caption>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Contact e-mail</th>
              <th scope="col">Plan</th>
              <th scope="col">Starts</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.email}>
                <td data-label="Client">{line.businessName}</td>
                <td data-label="E-mail">{line.email}</td>
                <td data-label="Plan">{line.plan}</td>
                <td data-label="Starts">{line.startDate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <Link to={contract?.path('buyMultipleSubscriptions') ?? '#'}>Buy for more clients</Link>
        {' · '}
        <Link to={contract?.path('partnersSubscriptionChanges') ?? '#'}>
          See your clients’ subscription changes
        </Link>
      </p>
    </div>
  );
}
