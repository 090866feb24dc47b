import { lazy, Suspense } from 'react';
import {
  data,
  useActionData,
  useLoaderData,
  useMatches,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { contactTopic, contactWays, CONTACT_TOPICS } from '~core/contact';
import type { SearchResult } from '~core/search';
import { pageHeading } from '~core/routes';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import styles from '~app/components/community/community.module.css';
import { ContactWays } from '~app/components/contact/ContactWays.tsx';
import { CaseDeflectionList } from '~app/components/search/CaseDeflectionCard.tsx';
import { RadioChoices } from '~app/components/contact/SlotChoices.tsx';
import { pageMeta } from '~app/meta.ts';
import { pageKeyFromRouteId, routeContractFor, useSiteConfig } from '~app/site.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { rejected } from '../community/community.server.ts';
import { agentOnline, helpFor, recordShownHelp, visitorRegion } from './contact.server.ts';

/*
 * The generated answer's client (streaming, citations, feedback; 4.9 KB with brotli) loads only
 * once the visitor has said what the problem is about, as in the raise-case flow.
 */
const DeflectionAnswer = lazy(() =>
  import('~app/components/cases/DeflectionAnswer.tsx').then((module) => ({
    default: module.DeflectionAnswer,
  })),
);

/**
 * The help hub (docs/contact-support.md): the visitor says what the problem is about, is shown
 * the answer and articles for it first, then the ways to reach people in their region, each
 * open now or saying when it opens.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (params.productSegment !== undefined) {
    // contact-{product}-support answers for the configured product, however it is capitalised.
    const productPage = routeContractFor(context.config).route('contact-product-support');
    if (`/${params.productSegment.toLowerCase()}` !== productPage?.legacyPath)
      throw data(null, { status: 404 });
  }
  const region = visitorRegion(request, context);
  const { hours } = context.contactSettings[region];
  const now = context.clock.now();
  const agents = await agentOnline({ db: context.db, now });
  return {
    regionZone: hours.timeZone,
    ways: contactWays(hours, now, agents).map((way) => ({
      way: way.way,
      availability:
        typeof way.availability === 'string'
          ? way.availability
          : way.availability.open
            ? { open: true as const, closesAt: way.availability.closesAt.toISOString() }
            : { open: false as const, opensAt: way.availability.opensAt?.toISOString() },
    })),
  };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  const pageKey = pageKeyFromRouteId(matches.at(-1)?.id ?? '') ?? 'contactSupport';
  return pageMeta(matches, (config) => pageHeading(pageKey, config));
}

interface HelpShown {
  topic: string;
  label: string;
  question: string;
  articles: SearchResult[];
  seen: string;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const topicKey = typeof form.get('topic') === 'string' ? String(form.get('topic')) : '';
  const values = { topic: topicKey };
  if (!context.verifyCsrf(form)) return rejected('topic', CSRF_REJECTED.message, values, 403);
  const topic = contactTopic(topicKey);
  if (!topic) return rejected('topic', 'Choose what your problem is about.', values, 400, 'topic');
  const articles = await helpFor(context, topic.query);
  const seen = await recordShownHelp(
    context.db,
    {
      flow: 'hub',
      region: visitorRegion(request, context),
      topic: topic.key,
      sawAnswer: topic.query !== '',
      articlesShown: articles.length,
    },
    context.clock.now(),
  );
  return {
    help: { topic: topic.key, label: topic.label, question: topic.query, articles, seen },
  } satisfies { help: HelpShown };
}

export default function ContactHubPage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const pageKey = pageKeyFromRouteId(useMatches().at(-1)?.id ?? '') ?? 'contactSupport';
  const result = useActionData<{ help?: HelpShown }>();
  const help = result && 'help' in result ? result.help : undefined;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{config ? pageHeading(pageKey, config) : ''}</h1>
        <p className={styles.intro}>
          Tell us what your problem is about: we show the help that answers it most often, then the
          ways to reach our team that are open for you.
        </p>
      </header>
      <CommunityForm
        formId="topic"
        intent="topic"
        label="What is your problem about?"
        submitLabel="Show help"
      >
        <RadioChoices
          name="topic"
          legend="What is your problem about?"
          defaultValue={help?.topic ?? ''}
          options={CONTACT_TOPICS.map((topic) => ({ value: topic.key, label: topic.label }))}
        />
      </CommunityForm>
      {help ? <HelpForTopic help={help} /> : null}
      <section className={styles.section} aria-labelledby="contact-ways">
        <h2 id="contact-ways" className={styles.sectionTitle}>
          {help ? 'Still need help? Talk to our team' : 'Talk to our team'}
        </h2>
        <ContactWays
          ways={page.ways}
          regionZone={page.regionZone}
          topic={help?.topic}
          seen={help?.seen}
        />
      </section>
    </div>
  );
}

function HelpForTopic({ help }: { help: HelpShown }) {
  return (
    <section className={styles.section} aria-labelledby="contact-help">
      <h2
        id="contact-help"
        className={styles.sectionTitle}
        tabIndex={-1}
        ref={(heading) => heading?.focus()}
      >
        Help with {help.label.toLowerCase()}
      </h2>
      {help.question ? (
        <Suspense fallback={null}>
          <DeflectionAnswer question={help.question} />
        </Suspense>
      ) : null}
      {help.articles.length > 0 ? (
        <CaseDeflectionList results={help.articles} label="Articles that may answer it" />
      ) : (
        <p className={styles.muted}>We have no articles on this yet; our team can help below.</p>
      )}
    </section>
  );
}
