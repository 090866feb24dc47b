import { useId, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import {
  CSV_HEADER,
  MAX_START_DAYS_AHEAD,
  type CartField,
  type CartRow,
  type CheckedRow,
} from '~core/subscriptions';
import communityStyles from '~app/components/community/community.module.css';
import { formIdempotencyKey } from '~app/components/community/display.ts';
import { CSRF_FIELD, useCsrfToken } from '~app/csrf.ts';
import type { CartAnswer } from './buy.server.ts';
import { OrderReviewPanel } from './OrderReviewPanel.tsx';
import styles from './subscriptions.module.css';

export interface PlanChoice {
  code: string;
  name: string;
  price: string;
}

interface CartLine extends CheckedRow {
  key: number;
}

const BLANK: CartRow = { businessName: '', email: '', plan: '', startDate: '' };

/**
 * The cart: a group of fields per client, with each refused value's message beside it and what
 * was typed kept. Adding and removing clients happens on the page; importing, reviewing and
 * placing go to the server. Enter in a field reviews the cart (the first submit button).
 */
export function CartForm({
  plans,
  token,
  answer,
}: {
  plans: readonly PlanChoice[];
  token: string;
  answer: CartAnswer | undefined;
}) {
  // A new answer from the server starts the rows afresh from what it sent back.
  return <CartRows key={answer?.revision ?? 'new'} plans={plans} token={token} answer={answer} />;
}

function CartRows({
  plans,
  token,
  answer,
}: {
  plans: readonly PlanChoice[];
  token: string;
  answer: CartAnswer | undefined;
}) {
  const csrfToken = useCsrfToken();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const [lines, setLines] = useState<CartLine[]>(() =>
    (answer && answer.rows.length > 0 ? answer.rows : [{ row: BLANK, problems: {} }]).map(
      (checked, index) => ({ ...checked, key: index }),
    ),
  );
  const messageId = useId();
  const fileId = useId();
  const newestField = useRef<HTMLInputElement | null>(null);

  // Adding or removing a client after the review makes the review out of date.
  const [changed, setChanged] = useState(false);

  function addClient() {
    setLines((current) => [
      ...current,
      { row: BLANK, problems: {}, key: Math.max(-1, ...current.map((entry) => entry.key)) + 1 },
    ]);
    setChanged(true);
  }

  function removeClient(key: number) {
    setLines((current) => current.filter((entry) => entry.key !== key));
    setChanged(true);
  }

  const message = answer?.message;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className={communityStyles.section}
      aria-label="Clients to buy for"
      aria-describedby={message && !answer?.aboutFile ? messageId : undefined}
    >
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      <input type="hidden" name="idempotencyKey" value={formIdempotencyKey(token, 'cart')} />
      {message && !answer?.aboutFile ? (
        <p id={messageId} role="alert" className={communityStyles.error}>
          {message}
        </p>
      ) : null}
      <ol className={styles.rows}>
        {lines.map((entry, index) => (
          <li key={entry.key}>
            <ClientFields
              number={index + 1}
              entry={entry}
              plans={plans}
              onRemove={lines.length > 1 ? () => removeClient(entry.key) : undefined}
              inputRef={index === lines.length - 1 ? newestField : undefined}
            />
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <button
          type="submit"
          name="intent"
          value="review"
          className={communityStyles.button}
          disabled={sending}
        >
          Review the order
        </button>
        <button
          type="button"
          className={communityStyles.quietButton}
          onClick={() => {
            addClient();
            // The new client's first field takes the focus once it is on the page.
            setTimeout(() => newestField.current?.focus(), 0);
          }}
        >
          Add a client
        </button>
      </div>
      <fieldset className={styles.csv}>
        <legend className={communityStyles.legend}>Import clients from a CSV file</legend>
        <p className={communityStyles.hint} id={`${fileId}-hint`}>
          One client a line: <span className={styles.code}>{CSV_HEADER}</span>. Plans are{' '}
          {plans.map((plan) => plan.code).join(', ')}; start dates YYYY-MM-DD, today to{' '}
          {MAX_START_DAYS_AHEAD} days ahead. The clients are added to the ones above.
        </p>
        <div className={communityStyles.field}>
          <label htmlFor={fileId} className={communityStyles.label}>
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            name="csv"
            accept=".csv,text/csv"
            aria-describedby={
              [`${fileId}-hint`, answer?.aboutFile ? `${fileId}-error` : undefined]
                .filter(Boolean)
                .join(' ') || undefined
            }
            aria-invalid={answer?.aboutFile ? true : undefined}
          />
          {answer?.aboutFile && message ? (
            <p id={`${fileId}-error`} role="alert" className={communityStyles.error}>
              {message}
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <button
            type="submit"
            name="intent"
            value="import"
            className={communityStyles.quietButton}
            disabled={sending}
          >
            Import the clients
          </button>
        </div>
      </fieldset>
      {answer?.review && !changed ? (
        <OrderReviewPanel
          review={answer.review}
          rows={answer.rows}
          plans={plans}
          sending={sending}
        />
      ) : null}
      {answer?.review && changed ? (
        <p role="status" className={communityStyles.notice}>
          The clients changed: review the order again to see its totals.
        </p>
      ) : null}
    </Form>
  );
}

const LABELS: Readonly<Record<CartField, string>> = {
  businessName: 'Business name',
  email: 'Contact e-mail',
  plan: 'Plan',
  startDate: 'Start date',
};

function ClientFields({
  number,
  entry,
  plans,
  onRemove,
  inputRef,
}: {
  number: number;
  entry: CartLine;
  plans: readonly PlanChoice[];
  onRemove: (() => void) | undefined;
  inputRef: React.Ref<HTMLInputElement> | undefined;
}) {
  const id = useId();
  const { row, problems } = entry;
  const invalid = Object.keys(problems).length > 0;
  const wiring = (field: CartField) => ({
    id: `${id}-${field}`,
    name: field,
    defaultValue: row[field],
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `${id}-${field}-error` : undefined,
  });
  const problem = (field: CartField) =>
    problems[field] ? (
      <p id={`${id}-${field}-error`} className={communityStyles.error}>
        {problems[field]}
      </p>
    ) : null;
  const label = (field: CartField) => (
    <label htmlFor={`${id}-${field}`} className={communityStyles.label}>
      {LABELS[field]}
    </label>
  );
  const knownPlan = plans.some((plan) => plan.code === row.plan);
  return (
    <fieldset className={`${styles.row} ${invalid ? styles.rowInvalid : ''}`}>
      <legend className={styles.rowLegend}>{`Client ${number}`}</legend>
      <div className={communityStyles.field}>
        {label('businessName')}
        <input
          {...wiring('businessName')}
          ref={inputRef}
          type="text"
          maxLength={200}
          autoComplete="organization"
          className={communityStyles.input}
        />
        {problem('businessName')}
      </div>
      <div className={communityStyles.field}>
        {label('email')}
        <input
          {...wiring('email')}
          type="email"
          autoComplete="off"
          maxLength={320}
          className={communityStyles.input}
        />
        {problem('email')}
      </div>
      <div className={communityStyles.field}>
        {label('plan')}
        <select {...wiring('plan')} className={communityStyles.select}>
          <option value="">Choose a plan</option>
          {row.plan !== '' && !knownPlan ? (
            <option value={row.plan}>{`${row.plan} (not sold here)`}</option>
          ) : null}
          {plans.map((plan) => (
            <option key={plan.code} value={plan.code}>
              {`${plan.name}, ${plan.price} a month`}
            </option>
          ))}
        </select>
        {problem('plan')}
      </div>
      <div className={communityStyles.field}>
        {label('startDate')}
        <input
          {...wiring('startDate')}
          type="text"
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          maxLength={10}
          className={communityStyles.input}
        />
        {problem('startDate')}
      </div>
      {onRemove ? (
        <div className={styles.rowAction}>
          <button
            type="button"
            className={communityStyles.quietButton}
            aria-label={`Remove client ${number}${row.businessName ? `, ${row.businessName}` : ''}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
