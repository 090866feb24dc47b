import { useEffect, useRef } from 'react';
import type { CheckedRow } from '~core/subscriptions';
import communityStyles from '~app/components/community/community.module.css';
import type { ReviewedTotals } from './buy.server.ts';
import type { PlanChoice } from './CartForm.tsx';
import styles from './subscriptions.module.css';

/**
 * The reviewed cart: each client's monthly price after the practice's discount, the totals with
 * the tax as the market shows it, and the button that places the order. It takes the focus when
 * it appears, so a keyboard or screen-reader user lands on what to check.
 */
export function OrderReviewPanel({
  review,
  rows,
  plans,
  sending,
}: {
  review: ReviewedTotals;
  rows: readonly CheckedRow[];
  plans: readonly PlanChoice[];
  sending: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const planName = new Map(plans.map((plan) => [plan.code, plan.name]));
  return (
    <section aria-labelledby="review-heading" className={communityStyles.section}>
      <h2 id="review-heading" ref={heading} tabIndex={-1} className={communityStyles.sectionTitle}>
        Review the order
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">The clients on this order</caption>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Plan</th>
              <th scope="col">Starts</th>
              <th scope="col" className={styles.money}>
                Monthly, after discount
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ row }, index) => (
              <tr key={`${row.email}-${index}`}>
                <td data-label="Client">
                  {row.businessName}
                  <br />
                  <span className={communityStyles.muted}>{row.email}</span>
                </td>
                <td data-label="Plan">{planName.get(row.plan) ?? row.plan}</td>
                <td data-label="Starts">{row.startDate}</td>
                <td data-label="Monthly" className={styles.money}>
                  {review.lines[index]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={`${styles.totals} ${styles.orderTotals}`} aria-label="Order totals">
        <dt>Subtotal</dt>
        <dd>{review.subtotal}</dd>
        <dt>{`Partner discount (${review.discountRate})`}</dt>
        <dd>{`−${review.discount}`}</dd>
        <dt>Net</dt>
        <dd>{review.net}</dd>
        <dt>{review.taxLabel}</dt>
        <dd>{review.tax}</dd>
        <dt className={styles.grandTotal}>Total</dt>
        <dd className={styles.grandTotal}>{review.total}</dd>
      </dl>
      <p className={communityStyles.hint}>
        {review.taxNote} Billed to your practice on its account terms: an invoice is e-mailed to you
        and no card is charged. Each client is invited by e-mail to activate their subscription.
      </p>
      <input type="hidden" name="reviewed" value={review.fingerprint} />
      <div className={styles.actions}>
        <button
          type="submit"
          name="intent"
          value="place"
          className={communityStyles.button}
          disabled={sending}
        >
          {sending ? 'Placing the order…' : `Place the order for ${review.total}`}
        </button>
      </div>
    </section>
  );
}
