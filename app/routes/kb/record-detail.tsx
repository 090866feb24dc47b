import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isRecordId, recordKindOf } from '~core/records';
import { routeContractFor } from '~app/site.ts';
import { findArticleById, findGuide, findTopic } from './content.server.ts';
import { notFound } from './page-data.server.ts';
import { getCase } from '../cases/case-service.server.ts';
import { caseContext, loadOrNotFound } from '../cases/cases.server.ts';

/**
 * /s/detail/{recordId}: a record's generic address. Knowledge-base records and cases have pages
 * of their own, so the visitor is sent there (301); any other id is not found.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if (!isRecordId(id)) return notFound();
  const { db, config } = context;
  const contract = routeContractFor(config);
  const kind = recordKindOf(id);
  let target: string | undefined;
  if (kind === 'article') {
    const article = await findArticleById(db, id);
    target = article ? contract.path('article', { urlName: article.urlName }) : undefined;
  } else if (kind === 'topic') {
    target = (await findTopic(db, id)) ? contract.path('topic', { id }) : undefined;
  } else if (kind === 'guide') {
    target = (await findGuide(db, id)) ? contract.path('guide', { id }) : undefined;
  } else if (kind === 'case') {
    // Only a case the visitor may see leads on; any other is not found, like a missing one.
    const found = await loadOrNotFound(context, request, () => getCase(caseContext(context), id));
    target = contract.path('case', { id: found.id });
  }
  if (!target) return notFound();
  throw redirect(target, 301);
}

/** Never shown: the loader always redirects or answers 404, which the root boundary renders. */
export default function RecordDetail() {
  return null;
}
