import { useId } from 'react';
import {
  data,
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import {
  CHANNEL_NAMES,
  COMMUNICATION_TOPICS,
  consentGroupDescriptions,
  GROUP_CATEGORY,
  PREFERENCE_SOURCE_NAMES,
  preferenceKey,
  topicName,
  type CommunicationChannel,
  type PreferenceOffer,
  type PreferenceSource,
} from '~core/consent';
import { DELETE_ACCOUNT_PATH, MY_DATA_PATH, pageHeading } from '~core/routes';
import { openCookieSettings } from '~app/consent/consent-store.ts';
import { FormIntentFields } from '~app/components/ui/FormIntentFields.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { useSite } from '~app/site.ts';
import {
  preferencesAction,
  preferencesPageData,
  type PreferencesOutcome,
} from './preferences.server.ts';
import styles from './preferences.module.css';

export { headers } from '~app/personal-page.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    heading: pageHeading('consentAndPreferences', context.config),
    ...(await preferencesPageData(context, new URL(request.url))),
  };
}

export const meta = headedPageMeta('consentAndPreferences', { noIndex: true });

export async function action({ request, context }: ActionFunctionArgs) {
  const { outcome, status } = await preferencesAction(context, await request.formData());
  return data<PreferencesOutcome>(outcome, { status });
}

type PageData = Awaited<ReturnType<typeof loader>>;

const DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const when = (iso: string) => DATE.format(new Date(iso));

function Outcome({ outcome }: { outcome: PreferencesOutcome | undefined }) {
  if (!outcome) return null;
  if (outcome.status === 'refused') {
    return (
      <p role="alert" className={styles.error}>
        {outcome.message}
      </p>
    );
  }
  const message =
    outcome.status === 'saved'
      ? outcome.changed === 0
        ? 'Your preferences are saved. Nothing had changed.'
        : `Your preferences are saved (${outcome.changed} ${outcome.changed === 1 ? 'change' : 'changes'}).${
            outcome.confirmationSent
              ? ' We sent you an e-mail to confirm your address: e-mails start once you confirm it.'
              : ''
          }`
      : outcome.status === 'subscribed'
        ? `Almost done: we sent a confirmation link to ${outcome.email}. Nothing is sent until it is confirmed.`
        : `Thank you: ${outcome.email} is confirmed.`;
  return (
    <p role="status" className={styles.notice}>
      {message}
    </p>
  );
}

/** A fieldset per topic with a box per channel: the whole grid is saved at once. */
function PreferenceGrid({
  offer,
  checked,
}: {
  offer: PreferenceOffer;
  checked: (key: string) => boolean;
}) {
  const id = useId();
  return (
    <div className={styles.grid}>
      {COMMUNICATION_TOPICS.filter((topic) => offer.topics.includes(topic.key)).map((topic) => (
        <fieldset key={topic.key} className={styles.topic} aria-describedby={`${id}-${topic.key}`}>
          <legend className={styles.topicName}>{topic.name}</legend>
          <p id={`${id}-${topic.key}`} className={styles.description}>
            {topic.description}
          </p>
          <div className={styles.channels}>
            {offer.channels.map((channel: CommunicationChannel) => {
              const key = preferenceKey(topic.key, channel);
              return (
                <label key={channel} className={styles.channel}>
                  <input
                    type="checkbox"
                    name="preference"
                    value={key}
                    defaultChecked={checked(key)}
                  />
                  {CHANNEL_NAMES[channel]}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

function SubmitButton({ label, pending }: { label: string; pending: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <button type="submit" className={styles.submit} disabled={busy}>
      {busy ? pending : label}
    </button>
  );
}

function Preferences({ page }: { page: Extract<PageData, { view: 'preferences' }> }) {
  const outcome = useActionData<PreferencesOutcome>();
  const subscribed = new Set<string>(page.subscriptions);
  const groups = consentGroupDescriptions(useSite()?.config.prefix ?? '');
  const pendingConfirmation =
    !page.confirmed && page.subscriptions.some((key) => key.endsWith(':email'));
  return (
    <>
      <p>
        E-mails and messages we may send to <strong>{page.email}</strong>
        {page.viaLink ? ' (from the link in our e-mail)' : ''}. Untick a box to stop them.
      </p>
      {pendingConfirmation ? (
        <p className={styles.warning}>
          Your address is not confirmed yet: we send nothing until you follow the link in our
          confirmation e-mail.
        </p>
      ) : null}
      <Outcome outcome={outcome} />
      <Form method="post" className={styles.form}>
        <FormIntentFields intent="save" fields={page.token ? { token: page.token } : {}} />
        <PreferenceGrid offer={page.offer} checked={(key) => subscribed.has(key)} />
        <SubmitButton label="Save preferences" pending="Saving…" />
      </Form>

      <section className={styles.section}>
        <h2 id="preference-history">Change history</h2>
        {page.history.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <div
            className={styles.tableWrap}
            role="region"
            aria-labelledby="preference-history"
            tabIndex={0}
          >
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Topic</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Change</th>
                  <th scope="col">How</th>
                </tr>
              </thead>
              <tbody>
                {page.history.map((entry, index) => (
                  <tr key={index}>
                    <td data-label="When">{when(entry.changedAt)}</td>
                    <td data-label="Topic">{topicName(entry.topic)}</td>
                    <td data-label="Channel">
                      {CHANNEL_NAMES[entry.channel as CommunicationChannel] ?? entry.channel}
                    </td>
                    <td data-label="Change">{entry.subscribed ? 'Subscribed' : 'Unsubscribed'}</td>
                    <td data-label="How">
                      {PREFERENCE_SOURCE_NAMES[entry.source as PreferenceSource] ?? entry.source}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {page.viaLink ? null : (
        <section className={styles.section}>
          <h2 id="my-data">Your data</h2>
          <p>
            <a href={MY_DATA_PATH} download>
              Download everything we hold about you (JSON)
            </a>
            : your profile, community posts, support cases, partner points, these preferences and
            your cookie choices.
          </p>
          <p>
            <a href={DELETE_ACCOUNT_PATH}>Delete your account</a>: your posts stay under the name
            “Deleted member”, everything else about you is removed after a waiting period.
          </p>
        </section>
      )}

      {page.viaLink ? null : (
        <section className={styles.section}>
          <h2 id="consent-history">Cookie choices</h2>
          <p>
            What you agreed to on this site while signed in, newest first.{' '}
            <button type="button" className={styles.linkButton} onClick={openCookieSettings}>
              Change your cookie settings
            </button>
          </p>
          {page.consentHistory.length === 0 ? (
            <p>No cookie choices made while signed in yet.</p>
          ) : (
            <div
              className={styles.tableWrap}
              role="region"
              aria-labelledby="consent-history"
              tabIndex={0}
            >
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Allowed besides strictly necessary</th>
                    <th scope="col">Policy version</th>
                    <th scope="col">Region</th>
                  </tr>
                </thead>
                <tbody>
                  {page.consentHistory.map((record, index) => (
                    <tr key={index}>
                      <td data-label="When">{when(record.recordedAt)}</td>
                      <td data-label="Allowed">
                        {record.groups.length === 0
                          ? 'Nothing'
                          : record.groups
                              .map(
                                (code) =>
                                  groups.find((group) => group.code === code)?.name ??
                                  GROUP_CATEGORY[code],
                              )
                              .join(', ')}
                        {record.globalPrivacyControl ? ' (Global Privacy Control on)' : ''}
                      </td>
                      <td data-label="Policy version">{record.policyVersion}</td>
                      <td data-label="Region">{record.region}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </>
  );
}

function Subscribe({ page }: { page: Extract<PageData, { view: 'no-subject' }> }) {
  const outcome = useActionData<PreferencesOutcome>();
  const values = outcome?.status === 'refused' ? outcome.values : undefined;
  const emailId = useId();
  return (
    <>
      {page.problem ? (
        <p role="alert" className={styles.error}>
          {page.problem}
        </p>
      ) : null}
      <p>
        {page.noEmail
          ? 'Your account has no e-mail address, so there is nothing to manage here yet.'
          : 'Sign in to see and change what we send you, or use the “Manage preferences” link at the bottom of any of our e-mails.'}
      </p>
      <section aria-labelledby="subscribe" className={styles.section}>
        <h2 id="subscribe">Subscribe an address</h2>
        <Outcome outcome={outcome} />
        <Form method="post" className={styles.form}>
          <FormIntentFields intent="subscribe" />
          <label htmlFor={emailId} className={styles.label}>
            E-mail address
          </label>
          <input
            id={emailId}
            name="email"
            type="email"
            autoComplete="email"
            required
            className={styles.input}
            defaultValue={values?.email ?? ''}
            aria-invalid={values ? true : undefined}
          />
          <PreferenceGrid
            offer={page.offer}
            checked={(key) => values?.preferences.includes(key) ?? false}
          />
          <p className={styles.description}>
            We send a confirmation link first; nothing else is sent until it is followed.
          </p>
          <SubmitButton label="Subscribe" pending="Subscribing…" />
        </Form>
      </section>
    </>
  );
}

function Confirm({ page }: { page: Extract<PageData, { view: 'confirm' }> }) {
  const outcome = useActionData<PreferencesOutcome>();
  if ('problem' in page.confirm) {
    return (
      <p role="alert" className={styles.error}>
        {page.confirm.problem}
      </p>
    );
  }
  if (outcome) return <Outcome outcome={outcome} />;
  // Opening the link changes nothing (mail scanners open links too): a button confirms.
  return (
    <Form method="post" className={styles.form}>
      <FormIntentFields intent="confirm" fields={{ confirm: page.confirm.token }} />
      <p>
        Confirm that <strong>{page.confirm.email}</strong> may receive the e-mails chosen for it?
      </p>
      <SubmitButton label="Confirm my address" pending="Confirming…" />
    </Form>
  );
}

/** consentAndPreferences: what we may send you, on which channel, and what you agreed to. */
export default function CommunicationPreferencesPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{page.heading}</h1>
      {page.view === 'preferences' ? (
        <Preferences page={page} />
      ) : page.view === 'confirm' ? (
        <Confirm page={page} />
      ) : (
        <Subscribe page={page} />
      )}
    </div>
  );
}
