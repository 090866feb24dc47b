import {
  data,
  Form,
  useActionData,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { PREVIEW_MAX_CHARACTERS } from '~core/content';
import { FormIntentFields } from '~app/components/ui/FormIntentFields.tsx';
import { pageMeta } from '~app/meta.ts';
import { articlePageData, type ArticlePageData } from './article-page.server.ts';
import { ArticleView } from './ArticleView.tsx';
import { previewArticle } from './content.server.ts';
import { CSRF_REJECTED } from './csrf.server.ts';
import { notFound } from './page-data.server.ts';
import styles from './article-preview.module.css';

const HEADING = 'Preview an article';
const FILE_FIELD = 'file';

interface PreviewAnswer {
  text: string;
  issues?: { field: string; reason: string }[];
  page?: ArticlePageData;
  missingMedia?: string[];
}

/** Staff only: the writers (admins and agents). Everyone else, guests included, gets a 404. */
function requireStaff(context: AppLoadContext): void {
  const { viewer } = context;
  if (viewer.isGuest || !(viewer.user.canViewSetup || viewer.user.isAgent)) notFound();
}

/**
 * Spec: the legacy-only page articlePreview (`/guides`). Staff paste an article file (front
 * matter and Markdown, docs/content-format.md), a draft or a changed version of one, and see
 * its page as the import would make it, checked as the import checks it; nothing is stored.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  requireStaff(context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireStaff(context);
  const form = await request.formData();
  const file = form.get(FILE_FIELD);
  const text = typeof file === 'string' ? file : '';
  if (!context.verifyCsrf(form)) {
    return data<PreviewAnswer>(
      { text, issues: [{ field: '(form)', reason: CSRF_REJECTED.message }] },
      { status: 403 },
    );
  }
  const preview = await previewArticle(context.db, text);
  if (!preview.ok) return data<PreviewAnswer>({ text, issues: preview.issues }, { status: 400 });
  return data<PreviewAnswer>({
    text,
    page: await articlePageData(context, preview.article),
    missingMedia: preview.missingMedia,
  });
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export default function ArticlePreviewPage() {
  const answer = useActionData<typeof action>();
  const issues = answer?.issues ?? [];
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{HEADING}</h1>
      <p className={styles.intro}>
        Paste an article file, front matter and all, to see its page as the next import will show
        it. It is checked as the import checks it, against the topics, products and articles
        published now. Nothing is saved.
      </p>
      <Form method="post" className={styles.form}>
        <FormIntentFields intent="preview" />
        <label htmlFor="article-file" className={styles.label}>
          Article file
        </label>
        <textarea
          id="article-file"
          name={FILE_FIELD}
          className={styles.file}
          rows={14}
          maxLength={PREVIEW_MAX_CHARACTERS}
          required
          spellCheck={false}
          defaultValue={answer?.text ?? ''}
          aria-invalid={issues.length > 0 ? true : undefined}
          aria-describedby={issues.length > 0 ? 'article-issues' : undefined}
        />
        <button type="submit" className={styles.button}>
          Preview
        </button>
      </Form>
      {issues.length > 0 ? (
        <div id="article-issues" className={styles.issues} role="alert">
          <h2 className={styles.issuesTitle}>
            {issues.length === 1
              ? 'The file has 1 problem'
              : `The file has ${issues.length} problems`}
          </h2>
          <ul>
            {issues.map((issue) => (
              <li key={`${issue.field}:${issue.reason}`}>
                <code>{issue.field}</code> {issue.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {answer?.page ? (
        <section className={styles.preview} aria-labelledby="preview-heading">
          <h2 id="preview-heading" className={styles.previewTitle}>
            Preview, not published
          </h2>
          {answer.missingMedia && answer.missingMedia.length > 0 ? (
            <p className={styles.note}>
              {`Not imported yet, so not shown: ${answer.missingMedia.join(', ')}.`}
            </p>
          ) : null}
          <ArticleView page={answer.page} preview />
        </section>
      ) : null}
    </div>
  );
}
