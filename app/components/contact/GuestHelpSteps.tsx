import type { ReactNode } from 'react';
import { HONEYPOT_FIELD, type SelfHelpTopic } from '~core/contact';
import type { SearchResult } from '~core/search';
import { CommunityForm } from '../community/CommunityForm.tsx';
import { CaseDeflectionList } from '../search/CaseDeflectionCard.tsx';
import { TextArea, TextField } from '../community/CommunityFormFields.tsx';
import styles from '../community/community.module.css';
import contact from './contact.module.css';
import { RadioChoices } from './SlotChoices.tsx';
import { TypedField } from './TypedField.tsx';

/*
 * The steps of the guest help flows (sign-in help, MFA help): self-help first, then the
 * address, the code mailed to it, and the problem. Every step is a plain form.
 */

export function SelfHelpList({
  topics,
  articles,
  heading,
}: {
  topics: readonly SelfHelpTopic[];
  articles: readonly SearchResult[];
  heading: string;
}) {
  return (
    <section className={styles.section} aria-labelledby="self-help">
      <h2 id="self-help" className={styles.sectionTitle}>
        {heading}
      </h2>
      <ul className={contact.selfHelp}>
        {topics.map((topic) => (
          <li key={topic.key} className={contact.way}>
            <h3 className={contact.selfHelpTitle}>{topic.title}</h3>
            <p className={styles.cardText}>{topic.guidance}</p>
          </li>
        ))}
      </ul>
      {articles.length > 0 ? (
        <>
          <h3 className={styles.sideTitle}>Help articles</h3>
          <CaseDeflectionList results={articles} label="Help articles" headingLevel={4} />
        </>
      ) : null}
    </section>
  );
}

/** The field robots fill: out of sight, out of the tab order, and named to tempt them. */
export function HoneypotField() {
  return (
    <div className={contact.honeypot} aria-hidden="true">
      <label htmlFor="contact-website">Leave this empty</label>
      <input
        id="contact-website"
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}

export function EmailStep({ seen, intro }: { seen: string; intro: string }) {
  return (
    <section className={styles.section} aria-labelledby="email-step">
      <h2 id="email-step" className={styles.sectionTitle}>
        Still need help? Ask our team
      </h2>
      <p className={styles.intro}>{intro}</p>
      <CommunityForm
        formId="email"
        intent="send-code"
        label="Send me a code"
        hidden={{ seen }}
        submitLabel="Send me a code"
        pendingLabel="Sending…"
      >
        <TypedField
          name="email"
          type="email"
          label="Your e-mail address"
          hint="The address you sign in with, or the one we should answer."
          autoComplete="email"
          maxLength={254}
          required
        />
        <HoneypotField />
      </CommunityForm>
    </section>
  );
}

export function CodeStep({ email, seen }: { email: string; seen: string }) {
  return (
    <section className={styles.section} aria-labelledby="code-step">
      <h2 id="code-step" className={styles.sectionTitle} tabIndex={-1} ref={(h) => h?.focus()}>
        Check your e-mail
      </h2>
      <p role="status" className={styles.notice}>
        We have sent a 6-digit code to {email}. It works for 10 minutes.
      </p>
      <CommunityForm
        formId="code"
        intent="check-code"
        label="Type the code"
        hidden={{ email, seen }}
        submitLabel="Go on"
        pendingLabel="Checking…"
      >
        <TypedField
          name="code"
          type="text"
          inputMode="numeric"
          label="The code from the e-mail"
          autoComplete="one-time-code"
          maxLength={12}
          required
        />
      </CommunityForm>
      <CommunityForm
        formId="email"
        intent="send-code"
        label="Send a new code"
        hidden={{ email, seen }}
        submitLabel="Send a new code"
        buttonClassName={styles.quietButton}
      >
        <HoneypotField />
      </CommunityForm>
    </section>
  );
}

export function ProblemStep({
  email,
  proof,
  seen,
  topics,
  extraHidden = {},
  children,
  submitLabel,
}: {
  email: string;
  proof: string;
  seen: string;
  topics: readonly SelfHelpTopic[];
  extraHidden?: Readonly<Record<string, string>>;
  children?: ReactNode;
  submitLabel: string;
}) {
  return (
    <section className={styles.section} aria-labelledby="problem-step">
      <h2 id="problem-step" className={styles.sectionTitle} tabIndex={-1} ref={(h) => h?.focus()}>
        Tell us what happens
      </h2>
      <p className={styles.intro}>
        We answer at {email}. Your case goes to our team with this address as its owner.
      </p>
      <CommunityForm
        formId="problem"
        intent="raise"
        label="Describe the problem"
        hidden={{ email, proof, seen, ...extraHidden }}
        submitLabel={submitLabel}
        pendingLabel="Sending…"
      >
        <RadioChoices
          name="topic"
          legend="Which is closest?"
          defaultValue=""
          options={[
            ...topics.map((topic) => ({ value: topic.key, label: topic.title })),
            { value: '', label: 'Something else' },
          ]}
        />
        <TextField name="subject" label="In a few words" required maxLength={150} />
        <TextArea
          name="description"
          label="What did you try, and what did you see?"
          hint="Error messages word for word help us most. Never send a password."
          required
          maxLength={5000}
          rows={6}
        />
        {children}
        <HoneypotField />
      </CommunityForm>
    </section>
  );
}

export function RaisedNotice({ email, caseNumber }: { email: string; caseNumber: string }) {
  return (
    <p role="status" className={styles.notice} tabIndex={-1} ref={(note) => note?.focus()}>
      {caseNumber === ''
        ? 'Thank you. We have your request.'
        : `Thank you. Your case ${caseNumber} is with our team. We have e-mailed ${email} a link to follow it; reply to that e-mail to add anything.`}
    </p>
  );
}
