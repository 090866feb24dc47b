import { useRef, useState } from 'react';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import {
  AGENT_QUEUE_LABELS,
  AGENT_QUEUES,
  AGENT_SORT_LABELS,
  AGENT_SORTS,
  agentQueueSearch,
  IMPACT_LABELS,
  IMPACTS,
} from '~core/cases';
import { AgentShortcuts } from '~app/components/agent/AgentShortcuts.tsx';
import caseStyles from '~app/components/cases/cases.module.css';
import {
  CommunityForm,
  type CommunityActionData,
} from '~app/components/community/CommunityForm.tsx';
import { PageLinks } from '~app/components/community/PageLinks.tsx';
import { pageMeta } from '~app/meta.ts';
import { listAgentQueue, takeCase } from './agent-service.server.ts';
import { requireAgentPage } from './agent.server.ts';
import styles from './agent.module.css';
import { agentCasePath } from './workspace-nav.ts';
import { caseContext, loadOrNotFound, runCaseAction } from '../cases/cases.server.ts';
import { done } from '../community/community.server.ts';

const HEADING = 'Support cases';

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAgentPage(context, request);
  const params = new URL(request.url).searchParams;
  return loadOrNotFound(context, request, () => listAgentQueue(caseContext(context), params));
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action(args: ActionFunctionArgs) {
  return runCaseAction(args, {
    take: async (form, cases) => {
      await takeCase(cases, form.text('caseId'));
      return done(form.formId, 'The case is yours.');
    },
  });
}

export default function AgentQueuesPage() {
  const view = useLoaderData<typeof loader>();
  const { query } = view;
  const navigate = useNavigate();
  const result = useActionData<CommunityActionData>();
  const table = useRef<HTMLTableSectionElement>(null);
  const [selected, setSelected] = useState(-1);
  const rows = () => [...(table.current?.querySelectorAll('tr') ?? [])];
  const select = (index: number) => {
    const all = rows();
    if (all.length === 0) return;
    const next = Math.max(0, Math.min(all.length - 1, index));
    setSelected(next);
    all[next]?.querySelector('a')?.focus();
  };
  return (
    <div>
      <div className={styles.headerRow}>
        <h1 className={styles.title}>{HEADING}</h1>
        <AgentShortcuts
          place="queue"
          onAction={(action) => {
            const current = view.cases[selected];
            if (action === 'next-case') select(selected + 1);
            else if (action === 'previous-case') select(selected - 1);
            else if (action === 'open-case' && current) void navigate(agentCasePath(current.id));
            else if (action === 'take-case' && current) {
              rows()[selected]?.querySelector('form')?.requestSubmit();
            }
          }}
        />
      </div>
      <nav aria-label="Queues" className={styles.tabs}>
        {AGENT_QUEUES.map((queue) => (
          <Link
            key={queue}
            className={styles.tab}
            to={`/agent${agentQueueSearch(query, { queue, page: 1 })}`}
            aria-current={query.queue === queue ? 'page' : undefined}
          >
            {AGENT_QUEUE_LABELS[queue]} <span className={styles.count}>{view.counts[queue]}</span>
          </Link>
        ))}
      </nav>
      <Form method="get" className={caseStyles.filters} aria-label="Filter the queue">
        {query.queue !== 'unassigned' ? (
          <input type="hidden" name="queue" value={query.queue} />
        ) : null}
        <label>
          Priority (impact)
          <select name="impact" defaultValue={query.impact} className={styles.select}>
            <option value="">Any impact</option>
            {IMPACTS.map((impact) => (
              <option key={impact} value={impact}>
                {IMPACT_LABELS[impact]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Product
          <select name="product" defaultValue={query.product} className={styles.select}>
            <option value="">Any product</option>
            {view.products.map((product) => (
              <option key={product.key} value={product.key}>
                {product.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Sort by
          <select name="sort" defaultValue={query.sort} className={styles.select}>
            {AGENT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {AGENT_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.quietButton}>
          Show cases
        </button>
      </Form>
      {result && 'done' in result ? <p role="status">{result.done.message}</p> : null}
      <p role="status">
        {view.total === 1 ? '1 case' : `${view.total} cases`} in {AGENT_QUEUE_LABELS[query.queue]}
        {view.pageCount > 1 ? `, page ${query.page} of ${view.pageCount}` : ''}.
      </p>
      {view.cases.length === 0 ? (
        <p className={styles.empty}>No cases here. Try another queue or fewer filters.</p>
      ) : (
        <div
          className={styles.tableWrap}
          tabIndex={0}
          role="region"
          aria-label="Cases in the queue"
        >
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Case</th>
                <th scope="col">Customer</th>
                <th scope="col">Impact</th>
                <th scope="col">Status</th>
                <th scope="col">Agent</th>
                <th scope="col">Waiting</th>
              </tr>
            </thead>
            <tbody ref={table}>
              {view.cases.map((item, index) => (
                <tr key={item.id} data-selected={index === selected ? '' : undefined}>
                  <td className={styles.subjectCell}>
                    <Link to={agentCasePath(item.id)} onFocus={() => setSelected(index)}>
                      {item.subject}
                    </Link>
                    <span className={styles.muted}>
                      {item.caseNumber} · {item.categoryName}
                      {item.product ? ` · ${item.product}` : ''}
                      {item.queue === 'partner' ? ' · Partner' : ''}
                    </span>
                  </td>
                  <td data-label="Customer">{item.ownerName}</td>
                  <td data-label="Impact">{item.impactLabel}</td>
                  <td data-label="Status">
                    <span className={caseStyles.status} data-status={item.status}>
                      {item.statusLabel}
                    </span>
                  </td>
                  <td data-label="Agent">
                    {item.assigneeName ?? (
                      <CommunityForm
                        formId={`take-${item.id}`}
                        intent="take"
                        hidden={{ caseId: item.id }}
                        submitLabel="Take"
                        buttonLabel={`Take case ${item.caseNumber}`}
                        buttonClassName={styles.quietButton}
                        className={styles.inlineForm}
                      />
                    )}
                  </td>
                  <td data-label="Waiting">
                    {item.wait.label ? (
                      <span className={styles.wait} data-level={item.wait.level}>
                        {item.wait.label}
                        {item.wait.level === 'overdue' ? ' (overdue)' : ''}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks page={query.page} count={view.pageCount} label="Pages of the queue" />
    </div>
  );
}
