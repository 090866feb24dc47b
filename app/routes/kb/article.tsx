import {
  data,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { metaFromSeo } from '~app/seo/content-meta.ts';
import { articlePageData } from './article-page.server.ts';
import { ArticleView } from './ArticleView.tsx';
import { type FeedbackState } from './ArticleFeedback.tsx';
import { findArticle, recordArticleFeedback } from './content.server.ts';
import { CSRF_REJECTED } from './csrf.server.ts';
import { notFound } from './page-data.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const article = await findArticle(context.db, params.urlName ?? '');
  if (!article) return notFound();
  return articlePageData(context, article);
}

/**
 * 'Was this helpful?': a yes or no with an optional comment. Works as a plain form post and
 * through a fetcher alike; a refused or invalid answer comes back with what was typed.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const answer = form.get('helpful');
  const comment = form.get('comment');
  const kept: { helpful?: 'yes' | 'no'; comment: string } = {
    ...(answer === 'yes' || answer === 'no' ? { helpful: answer } : {}),
    comment: typeof comment === 'string' ? comment : '',
  };
  if (!context.verifyCsrf(form)) {
    return data<FeedbackState>(
      {
        status: 'error',
        message: CSRF_REJECTED.message,
        ...kept,
      },
      { status: 403 },
    );
  }
  const article = await findArticle(context.db, params.urlName ?? '');
  if (!article) return notFound();
  const result = await recordArticleFeedback(
    context.db,
    article.id,
    {
      ...(kept.helpful ? { helpful: kept.helpful === 'yes' } : {}),
      ...(kept.comment.trim() ? { comment: kept.comment } : {}),
    },
    {
      ...(context.viewer.isGuest ? {} : { userId: context.viewer.user.id }),
      now: context.clock.now(),
    },
  );
  if (result.ok)
    return data<FeedbackState>({
      status: 'sent',
      ...(kept.helpful ? { helpful: kept.helpful } : {}),
    });
  if (result.reason === 'unknown-article') return notFound();
  return data<FeedbackState>(
    { status: 'error', field: result.field, message: result.message, ...kept },
    { status: 400 },
  );
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function ArticlePage() {
  return <ArticleView page={useLoaderData<typeof loader>()} />;
}
