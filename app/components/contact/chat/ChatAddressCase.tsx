import { useId, useState, type FormEvent } from 'react';
import { CHAT_API } from '~core/contact';
import styles from '~app/components/community/community.module.css';
import { postChat } from './chat-api.ts';

type Problem = { field: 'email' | 'code'; message: string };

export interface AddressCase {
  caseNumber: string;
  email: string | null;
}

/**
 * No agent is online and the visitor is a guest: they give the address their chat's case will
 * belong to and type the code mailed to it (the same code as sign-in help), and the transcript
 * becomes that address's case, followed by the link in its e-mails.
 */
export function ChatAddressCase({ onCase }: { onCase(made: AddressCase): void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    if (sentTo === undefined) {
      const sent = await postChat<{ email: string }>(`${CHAT_API}/code`, { email });
      if (sent.ok) setSentTo(sent.data.email);
      else setProblem({ field: 'email', message: sent.message });
    } else {
      const made = await postChat<AddressCase>(`${CHAT_API}/case`, { email: sentTo, code });
      if (made.ok) onCase(made.data);
      else setProblem({ field: 'code', message: made.message });
    }
    setBusy(false);
  };

  const field = (name: 'email' | 'code') => ({
    id: `${id}-${name}`,
    className: styles.input,
    'aria-invalid': problem?.field === name ? true : undefined,
    'aria-describedby': problem?.field === name ? `${id}-${name}-problem` : undefined,
  });
  const message = (name: 'email' | 'code') =>
    problem?.field === name ? (
      <p id={`${id}-${name}-problem`} className={styles.error} role="alert">
        {problem.message}
      </p>
    ) : null;

  return (
    <form
      className={styles.notice}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <p id={`${id}-title`}>
        No agent is online just now, so your chat becomes a case we answer by e-mail. Give the
        address to answer at: we send it a 6-digit code to check it is yours.
      </p>
      {sentTo === undefined ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-email`} className={styles.label}>
            Your e-mail address
          </label>
          <input
            {...field('email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {message('email')}
        </div>
      ) : (
        <div className={styles.field}>
          <p role="status">We sent a code to {sentTo}. It works for 10 minutes.</p>
          <label htmlFor={`${id}-code`} className={styles.label}>
            The 6-digit code
          </label>
          <input
            {...field('code')}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          {message('code')}
        </div>
      )}
      <button type="submit" className={styles.button} disabled={busy}>
        {sentTo === undefined ? 'Send me a code' : 'Make my chat a case'}
      </button>
    </form>
  );
}
