import {
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { FLAG_REASON_LABELS, type FlagReason, type FlagTarget } from '~core/community';
import { pageHeading, ideaPath, MODERATION_PATH } from '~core/routes';
import { countLabel } from '~core/ui';
import { listModerationQueue, setHidden, setLocked } from './community-service.server.ts';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { MemberLine } from '~app/components/community/MemberLine.tsx';
import { communityDate, postAnchor } from '~app/components/community/display.ts';
import styles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { routeContractFor, useRouteContract } from '~app/site.ts';
import { trail } from '../kb/page-data.server.ts';
import { communityContext, loadOrRespond, runCommunityAction } from './community.server.ts';

const HEADING = 'Moderation queue';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  // Guests sign in first; signed-in members who are not admins get a 404.
  const items = await loadOrRespond(context, request, () =>
    listModerationQueue(communityContext(context)),
  );
  const contract = routeContractFor(config);
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: pageHeading('community', config), path: contract.path('community') }],
    { label: HEADING, url: `${config.siteUrl}${MODERATION_PATH}` },
  );
  return { items, breadcrumbs };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

function flagTarget(value: string): FlagTarget | undefined {
  return value === 'post' || value === 'idea' || value === 'idea-comment' ? value : undefined;
}

export async function action(args: ActionFunctionArgs) {
  const back = () => redirect(MODERATION_PATH, 303);
  const hide =
    (hidden: boolean) =>
    async (form: { text(name: string): string }, community: Parameters<typeof setHidden>[0]) => {
      const target = flagTarget(form.text('target'));
      if (target) await setHidden(community, target, form.text('targetId'), hidden);
      return back();
    };
  return runCommunityAction(args, {
    hide: hide(true),
    restore: hide(false),
    lock: async (form, community) => {
      await setLocked(community, form.text('discussionId'), true);
      return back();
    },
  });
}

function reasonLabel(reason: string): string {
  return Object.hasOwn(FLAG_REASON_LABELS, reason)
    ? FLAG_REASON_LABELS[reason as FlagReason]
    : reason;
}

export default function ModerationPage() {
  const { items, breadcrumbs } = useLoaderData<typeof loader>();
  const contract = useRouteContract();
  const parentPath = (item: (typeof items)[number]) => {
    const base =
      item.parent.kind === 'idea'
        ? ideaPath(item.parent.id)
        : (contract?.path('discussion', { id: item.parent.id }) ?? '#');
    return item.id === item.parent.id ? base : `${base}#${postAnchor(item.id)}`;
  };
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={styles.header}>
        <h1 className={styles.title}>{HEADING}</h1>
        <p className={styles.intro}>
          Posts members reported. Hiding a post removes it from everyone but admins; restoring keeps
          it visible. Either clears its reports.
        </p>
      </header>
      {items.length > 0 ? (
        <ul className={styles.list} aria-label="Reported items">
          {items.map((item) => (
            <li key={`${item.target}-${item.id}`} className={`${styles.card} ${styles.queueItem}`}>
              <h2 className={styles.cardTitle}>
                <Link to={parentPath(item)}>{item.parent.title}</Link>
              </h2>
              <ul className={styles.meta}>
                <li>
                  <span className={styles.badge}>
                    {item.target === 'post'
                      ? item.id === item.parent.id
                        ? 'Question'
                        : 'Answer or comment'
                      : item.target === 'idea'
                        ? 'Idea'
                        : 'Idea comment'}
                  </span>
                </li>
                {item.hidden ? (
                  <li>
                    <span className={styles.badge}>Hidden</span>
                  </li>
                ) : null}
                <li>{countLabel(item.flags.length, 'report')}</li>
              </ul>
              <MemberLine member={item.author} />
              <blockquote className={styles.cardText}>{item.excerpt}</blockquote>
              <ul className={styles.plainList} aria-label="Reports">
                {item.flags.map((flag, index) => (
                  <li key={`${flag.by.id}-${index}`}>
                    <strong>{reasonLabel(flag.reason)}</strong> · {flag.by.name} ·{' '}
                    <time dateTime={flag.at}>{communityDate(flag.at)}</time>
                  </li>
                ))}
              </ul>
              <div className={styles.actions}>
                <CommunityForm
                  formId={`hide-${item.id}`}
                  intent="hide"
                  hidden={{ target: item.target, targetId: item.id }}
                  submitLabel="Hide"
                  buttonLabel={`Hide this item on ${item.parent.title}`}
                  buttonClassName={styles.dangerButton}
                  className={styles.inlineForm}
                  buttonDisabled={item.hidden}
                />
                <CommunityForm
                  formId={`restore-${item.id}`}
                  intent="restore"
                  hidden={{ target: item.target, targetId: item.id }}
                  submitLabel={item.hidden ? 'Restore' : 'Keep visible'}
                  buttonLabel={`${item.hidden ? 'Restore' : 'Keep visible'} this item on ${item.parent.title}`}
                  buttonClassName={styles.quietButton}
                  className={styles.inlineForm}
                />
                {item.parent.kind === 'discussion' ? (
                  <CommunityForm
                    formId={`lock-${item.id}`}
                    intent="lock"
                    hidden={{ discussionId: item.parent.id }}
                    submitLabel="Lock discussion"
                    buttonLabel={`Lock the discussion ${item.parent.title}`}
                    buttonClassName={styles.quietButton}
                    className={styles.inlineForm}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>Nothing to review. Reported posts show up here.</p>
      )}
    </div>
  );
}
