import { authorLabel } from '~core/contact';
import styles from './chat.module.css';
import type { ChatLineView } from './use-chat-lines.ts';

/**
 * A chat's lines, oldest first, as a live log: screen readers hear new lines as they arrive.
 * Text is shown as text (React escapes it); the assistant's sources are links under its line.
 */
export function ChatTranscript({
  lines,
  reader,
  label,
}: {
  lines: readonly ChatLineView[];
  reader: 'visitor' | 'agent';
  label: string;
}) {
  return (
    <div className={styles.transcript} role="log" aria-live="polite" aria-label={label}>
      <ol className={styles.lines}>
        {lines.map((line) => (
          <li key={line.seq} className={`${styles.line} ${styles[line.author]}`}>
            {line.author === 'notice' ? (
              <p className={styles.notice}>{line.body}</p>
            ) : (
              <>
                <p className={styles.author}>
                  {reader === 'agent' && line.author === 'visitor' ? 'Customer' : authorLabel(line)}
                </p>
                <p className={styles.body}>{line.body}</p>
                {line.citations.length > 0 ? (
                  <ol className={styles.sources} aria-label="Sources">
                    {line.citations.map((citation) => (
                      <li key={citation.number} value={citation.number}>
                        <a href={citation.uri}>{citation.title}</a>
                      </li>
                    ))}
                  </ol>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
