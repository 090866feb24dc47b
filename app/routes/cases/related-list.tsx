import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AUTHOR_ROLE_LABELS } from '~core/cases';
import { isRecordId } from '~core/records';
import { pageHeading } from '~core/routes';
import { AttachmentList } from '~app/components/cases/CaseAttachments.tsx';
import styles from '~app/components/community/community.module.css';
import { communityDate } from '~app/components/community/display.ts';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract } from '~app/site.ts';
import { notFound } from '../kb/page-data.server.ts';
import { getCase } from './case-service.server.ts';
import { caseContext, loadOrNotFound, requireSignIn } from './cases.server.ts';

/**
 * /relatedlist?recordId={caseId}: a case's related records, its messages, files and people.
 * A case the visitor may not see is not found, as on the case page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireSignIn(context, request);
  const recordId = new URL(request.url).searchParams.get('recordId') ?? '';
  if (!isRecordId(recordId)) return notFound();
  const view = await loadOrNotFound(context, request, () =>
    getCase(caseContext(context), recordId),
  );
  return {
    heading: pageHeading('relatedList', context.config),
    caseId: view.id,
    caseNumber: view.caseNumber,
    messages: view.messages.map((message) => ({
      id: message.id,
      authorName: message.authorName,
      role: AUTHOR_ROLE_LABELS[message.authorRole],
      createdAt: message.createdAt,
    })),
    // The files of the description first, then each shown message's, as the conversation has them.
    attachments: [view.attachments, ...view.messages.map((message) => message.attachments)].flat(),
    people: view.people.map((person) => ({ id: person.userId, name: person.name })),
  };
}

export const meta = headedPageMeta('relatedList', { noIndex: true });

export default function RelatedListPage() {
  const page = useLoaderData<typeof loader>();
  const contract = useRouteContract();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{page.heading}</h1>
        <p className={styles.intro}>
          Of{' '}
          <Link to={contract?.path('case', { id: page.caseId }) ?? '#'}>
            case {page.caseNumber}
          </Link>
          .
        </p>
      </header>
      <h2 className={styles.sectionTitle}>Messages ({page.messages.length})</h2>
      <ul className={styles.plainList}>
        {page.messages.map((message) => (
          <li key={message.id}>
            {message.authorName} ({message.role}), {communityDate(message.createdAt)}
          </li>
        ))}
      </ul>
      <h2 className={styles.sectionTitle}>Files ({page.attachments.length})</h2>
      {page.attachments.length > 0 ? (
        <AttachmentList files={page.attachments} label="Files of the case" />
      ) : (
        <p className={styles.muted}>No files were sent on this case.</p>
      )}
      <h2 className={styles.sectionTitle}>People ({page.people.length})</h2>
      <ul className={styles.plainList}>
        {page.people.map((person) => (
          <li key={person.id}>{person.name}</li>
        ))}
      </ul>
    </div>
  );
}
