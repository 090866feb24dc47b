import {
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { ABOUT_MAX } from '~core/community';
import { pageHeading } from '~core/routes';
import { countLabel } from '~core/ui';
import { getMemberProfile, updateProfile } from './community-service.server.ts';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { ActivityList } from '~app/components/community/ActivityList.tsx';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { TextArea } from '~app/components/community/CommunityFormFields.tsx';
import { communityDate } from '~app/components/community/display.ts';
import styles from '~app/components/community/community.module.css';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { Avatar } from '~app/components/ui/Avatar.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { routeContractFor } from '~app/site.ts';
import { notFound, trail } from '../kb/page-data.server.ts';
import { communityContext, runCommunityAction } from './community.server.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { config } = context;
  const profile = await getMemberProfile(communityContext(context), params.id ?? '');
  if (!profile) return notFound();
  const contract = routeContractFor(config);
  const canonicalUrl = contract.url('user', { id: profile.id }) ?? config.siteUrl;
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: pageHeading('community', config), path: contract.path('community') }],
    { label: profile.name, url: canonicalUrl },
  );
  const seo: PageSeo = {
    heading: profile.name,
    description: `${profile.name} in the ${config.brand} Community: discussions, answers and ideas.`,
    canonicalUrl,
    type: 'website',
  };
  return { seo, profile, breadcrumbs };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export async function action(args: ActionFunctionArgs) {
  const path = routeContractFor(args.context.config).path('user', { id: args.params.id ?? '' });
  return runCommunityAction(args, {
    about: async (form, community) => {
      await updateProfile(community, { about: form.text('about') });
      return redirect(path ?? '/', 303);
    },
  });
}

export default function UserProfilePage() {
  const { profile, breadcrumbs } = useLoaderData<typeof loader>();
  const { rejection } = useFormResult('about');
  const stats = [
    countLabel(profile.counts.discussions, 'discussion'),
    countLabel(profile.counts.answers, 'answer'),
    countLabel(profile.counts.bestAnswers, 'best answer'),
    countLabel(profile.counts.ideas, 'idea'),
  ];
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={styles.profile}>
        <Avatar
          imageUrl={profile.photoUrl}
          userName={profile.name}
          uuid={profile.id}
          size="large"
          decorative
        />
        <div>
          <p className={styles.eyebrow}>Community member</p>
          <h1 className={styles.title}>{profile.name}</h1>
          <p className={styles.muted}>
            Joined <time dateTime={profile.joinedAt}>{communityDate(profile.joinedAt)}</time>
          </p>
          <ul className={styles.stats} aria-label="Contributions">
            {stats.map((stat) => (
              <li key={stat} className={styles.badge}>
                {stat}
              </li>
            ))}
          </ul>
        </div>
      </header>
      <div className={styles.layout}>
        <section className={styles.main} aria-labelledby="activity-heading">
          <h2 id="activity-heading" className={styles.sectionTitle}>
            Recent activity
          </h2>
          <ActivityList
            items={profile.activity}
            label={`Recent activity of ${profile.name}`}
            showActor={false}
            emptyText={`${profile.name} has not posted yet.`}
          />
        </section>
        <section className={styles.aside} aria-labelledby="about-heading">
          <h2 id="about-heading" className={styles.sideTitle}>
            About
          </h2>
          {profile.aboutHtml ? (
            <RichText html={profile.aboutHtml} />
          ) : (
            <p className={styles.empty}>
              {profile.isViewer
                ? 'Tell the community a little about yourself.'
                : 'Nothing here yet.'}
            </p>
          )}
          {profile.isViewer ? (
            <details
              className={styles.details}
              open={rejection ? true : undefined}
              key={profile.about}
            >
              <summary>Edit your about text</summary>
              <CommunityForm
                formId="about"
                intent="about"
                submitLabel="Save"
                pendingLabel="Saving…"
                label="About you"
              >
                <TextArea
                  name="about"
                  label="About you"
                  hint="Markdown is supported. Shown to everyone on this page."
                  defaultValue={profile.about}
                  maxLength={ABOUT_MAX}
                  checkBannedWords
                  rows={5}
                />
              </CommunityForm>
            </details>
          ) : null}
        </section>
      </div>
    </div>
  );
}
