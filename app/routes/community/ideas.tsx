import {
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import {
  BODY_MAX,
  IDEA_STATUSES,
  IDEA_STATUS_LABELS,
  isIdeaStatus,
  TITLE_MAX,
  TITLE_MIN,
} from '~core/community';
import { pageHeading, IDEAS_PATH, ideaPath } from '~core/routes';
import { countLabel } from '~core/ui';
import { listIdeas, proposeIdea } from './community-service.server.ts';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { TextArea, TextField } from '~app/components/community/CommunityFormFields.tsx';
import { SignInLink } from '~app/components/community/SignInLink.tsx';
import { communityDate } from '~app/components/community/display.ts';
import styles from '~app/components/community/community.module.css';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { routeContractFor } from '~app/site.ts';
import { useViewer } from '~app/viewer.ts';
import { trail } from '../kb/page-data.server.ts';
import { communityContext, pageToken, runCommunityAction } from './community.server.ts';

const HEADING = 'Product ideas';
const PROPOSE_ANCHOR = 'propose';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  const contract = routeContractFor(config);
  const query = new URL(request.url).searchParams;
  const status = query.get('status');
  const sort = query.get('sort') === 'newest' ? 'newest' : 'votes';
  const ideas = await listIdeas(communityContext(context), {
    ...(isIdeaStatus(status) ? { status } : {}),
    sort,
  });
  const canonicalUrl = `${config.siteUrl}${IDEAS_PATH}`;
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: pageHeading('community', config), path: contract.path('community') }],
    { label: HEADING, url: canonicalUrl },
  );
  const seo: PageSeo = {
    heading: HEADING,
    description: `Suggest how ${config.product} could work better, and vote for the ideas you want most.`,
    canonicalUrl,
    type: 'website',
  };
  return {
    seo,
    breadcrumbs,
    ideas,
    status: isIdeaStatus(status) ? status : null,
    sort,
    pageToken: pageToken(),
  };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export async function action(args: ActionFunctionArgs) {
  return runCommunityAction(args, {
    propose: async (form, community) => {
      const { id } = await proposeIdea(community, {
        title: form.text('title'),
        body: form.text('body'),
        idempotencyKey: form.idempotencyKey,
      });
      return redirect(ideaPath(id), 303);
    },
  });
}

function filterLink(status: string | null, sort: string): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (sort !== 'votes') query.set('sort', sort);
  const text = query.toString();
  return text ? `?${text}` : '?';
}

export default function IdeasPage() {
  const { seo, breadcrumbs, ideas, status, sort, pageToken } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <div className={styles.headerRow}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>Community</p>
          <h1 className={styles.title}>{HEADING}</h1>
          <p className={styles.intro}>{seo.description}</p>
        </header>
        {viewer.isGuest ? (
          <SignInLink anchor={PROPOSE_ANCHOR} className={styles.button}>
            Propose an idea
          </SignInLink>
        ) : (
          <a className={styles.button} href={`#${PROPOSE_ANCHOR}`}>
            Propose an idea
          </a>
        )}
      </div>
      <nav aria-label="Ideas by status">
        <ul className={styles.tabs}>
          {[null, ...IDEA_STATUSES].map((entry) => (
            <li key={entry ?? 'all'}>
              <Link
                className={styles.tab}
                to={filterLink(entry, sort)}
                aria-current={entry === status ? 'page' : undefined}
                preventScrollReset
              >
                {entry ? IDEA_STATUS_LABELS[entry] : 'All'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.muted}>
        Sorted by {sort === 'votes' ? 'most votes' : 'newest'}.{' '}
        <Link to={filterLink(status, sort === 'votes' ? 'newest' : 'votes')} preventScrollReset>
          Sort by {sort === 'votes' ? 'newest' : 'most votes'}
        </Link>
      </p>
      {ideas.length > 0 ? (
        <ul className={styles.list} aria-label={HEADING}>
          {ideas.map((idea) => (
            <li key={idea.id} className={styles.card}>
              <h2 className={styles.cardTitle}>
                <Link to={ideaPath(idea.id)}>{idea.title}</Link>
              </h2>
              {idea.excerpt ? <p className={styles.cardText}>{idea.excerpt}</p> : null}
              <ul className={styles.meta} aria-label="About this idea">
                <li>
                  <span className={styles.badge}>{IDEA_STATUS_LABELS[idea.status]}</span>
                </li>
                <li>{countLabel(idea.voteCount, 'vote')}</li>
                <li>{countLabel(idea.commentCount, 'comment')}</li>
                <li>{idea.author.name}</li>
                <li>
                  <time dateTime={idea.createdAt}>{communityDate(idea.createdAt)}</time>
                </li>
                {idea.hidden ? (
                  <li>
                    <span className={styles.badge}>Hidden</span>
                  </li>
                ) : null}
              </ul>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>No ideas here yet.</p>
      )}
      <section className={styles.section} id={PROPOSE_ANCHOR} aria-labelledby="propose-heading">
        <h2 id="propose-heading" className={styles.sectionTitle}>
          Propose an idea
        </h2>
        {viewer.isGuest ? (
          <p>
            <SignInLink anchor={PROPOSE_ANCHOR}>Sign in to propose an idea</SignInLink>
          </p>
        ) : (
          <CommunityForm
            formId="propose"
            intent="propose"
            pageToken={pageToken}
            posts="idea"
            submitLabel="Propose idea"
            pendingLabel="Sending…"
          >
            <TextField
              name="title"
              label="Idea"
              hint={`What should change? ${TITLE_MIN} to ${TITLE_MAX} characters.`}
              required
              maxLength={TITLE_MAX}
              checkBannedWords
            />
            <TextArea
              name="body"
              label="Why it matters"
              hint="Who needs it and what it would save them. Markdown is supported."
              required
              maxLength={BODY_MAX}
              checkBannedWords
            />
          </CommunityForm>
        )}
      </section>
    </div>
  );
}
