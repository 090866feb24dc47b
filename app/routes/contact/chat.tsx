import { pageHeading } from '~core/routes';
import styles from '~app/components/community/community.module.css';
import { ChatSupport } from '~app/components/contact/chat/ChatSupport.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { useSiteConfig } from '~app/site.ts';

/*
 * Chat support (docs/contact-support.md, "Chat"). The page is the same for every guest (and
 * may be kept, decision 021): the chat itself is the visitor's own, fetched by the browser
 * with the chat cookie, which only the chat API sees.
 */

export const meta = headedPageMeta('chatSupport');

export default function ChatSupportPage() {
  const config = useSiteConfig();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{config ? pageHeading('chatSupport', config) : ''}</h1>
        <p className={styles.intro}>
          Ask your question: our assistant answers at once from the help articles, with its sources.
          Ask for a person at any time; when an agent is online they take over this chat and see
          what you wrote.
        </p>
      </header>
      <noscript>
        <p className={styles.notice}>
          Chat needs JavaScript. Without it, raise a case or request a callback from the help hub.
        </p>
      </noscript>
      <ChatSupport />
    </div>
  );
}
