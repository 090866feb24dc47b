import {
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { BODY_MAX, MAX_TOPICS, TITLE_MAX, TITLE_MIN } from '~core/community';
import { pageHeading } from '~core/routes';
import { getComposeOptions, startDiscussion } from './community-service.server.ts';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import {
  CheckboxGroup,
  SelectField,
  TextArea,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import styles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { routeContractFor } from '~app/site.ts';
import { trail } from '../kb/page-data.server.ts';
import {
  communityContext,
  pageToken,
  requestPath,
  runCommunityAction,
  signInRedirect,
} from './community.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  // Only members post: a guest signs in first and comes straight back here.
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  const contract = routeContractFor(config);
  const options = await getComposeOptions(communityContext(context));
  const heading = pageHeading('startDiscussion', config);
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: pageHeading('community', config), path: contract.path('community') }],
    { label: heading, url: contract.url('startDiscussion') ?? config.siteUrl },
  );
  // A topic page's "Start a discussion" link names its topic, chosen here already.
  const topicId = new URL(request.url).searchParams.get('topicId');
  return {
    heading,
    breadcrumbs,
    topics: options.topics.map((topic) => ({
      value: topic.id,
      label: topic.parent ? `${topic.parent.name}: ${topic.name}` : topic.name,
    })),
    products: options.products.map((product) => ({ value: product.key, label: product.name })),
    chosenTopics: options.topics.some((topic) => topic.id === topicId) && topicId ? [topicId] : [],
    pageToken: pageToken(),
  };
}

export const meta = headedPageMeta('startDiscussion', { noIndex: true });

export async function action(args: ActionFunctionArgs) {
  const contract = routeContractFor(args.context.config);
  return runCommunityAction(args, {
    start: async (form, community) => {
      const { id } = await startDiscussion(community, {
        title: form.text('title'),
        body: form.text('body'),
        topicIds: form.all('topicIds'),
        product: form.text('product'),
        idempotencyKey: form.idempotencyKey,
      });
      return redirect(contract.path('discussion', { id }) ?? '/', 303);
    },
  });
}

export default function StartDiscussionPage() {
  const { heading, breadcrumbs, topics, products, chosenTopics, pageToken } =
    useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={styles.header}>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.intro}>
          Ask the community: describe what you are trying to do, what you tried and what happened.
        </p>
      </header>
      <CommunityForm
        formId="start"
        intent="start"
        pageToken={pageToken}
        posts="question"
        submitLabel="Post your question"
        pendingLabel="Posting…"
        label={heading}
      >
        <TextField
          name="title"
          label="Title"
          hint={`A short question, ${TITLE_MIN} to ${TITLE_MAX} characters.`}
          required
          maxLength={TITLE_MAX}
          checkBannedWords
        />
        <TextArea
          name="body"
          label="Details"
          hint="Markdown is supported. Please don’t include personal or account details."
          required
          maxLength={BODY_MAX}
          checkBannedWords
          rows={10}
        />
        {topics.length > 0 ? (
          <CheckboxGroup
            name="topicIds"
            legend="Topics"
            hint={`Choose up to ${MAX_TOPICS}.`}
            options={topics}
            defaultValues={chosenTopics}
          />
        ) : null}
        {products.length > 0 ? (
          <SelectField
            name="product"
            label="Product"
            options={[{ value: '', label: 'Not about one product' }, ...products]}
          />
        ) : null}
      </CommunityForm>
    </div>
  );
}
