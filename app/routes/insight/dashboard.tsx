import type { ReactNode } from 'react';
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import {
  DASHBOARD_TITLES,
  filterQuery,
  insightPath,
  type InsightFilterField,
  type InsightFilters,
} from '~core/insight';
import { REGION_NAMES, REGIONS } from '~core/regions';
import { ContentGapList, type GapActionResult } from '~app/components/insight/ContentGapList.tsx';
import { InsightPlot } from '~app/components/insight/InsightPlot.tsx';
import { InsightTableView } from '~app/components/insight/InsightTableView.tsx';
import styles from '~app/components/insight/insight.module.css';
import { pageMeta } from '~app/meta.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import {
  carryOutGapAction,
  gapRequestOf,
  loadDashboard,
  requireDashboard,
  requireStaff,
} from './insight.server.ts';

export { headers } from '~app/personal-page.ts';

/**
 * One insight dashboard (docs/insight.md): its figures for the date range, region, product
 * and search hub in the address, its plots with their tables and CSV files, and on the search
 * dashboard the content-gap list with its actions.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const dashboard = requireDashboard(context, request, params.dashboard);
  const loaded = await loadDashboard(context, request, dashboard);
  return data(loaded, { status: loaded.outcome.ok ? 200 : 400 });
}

export function meta({ matches, data: loaded }: MetaArgs<typeof loader>) {
  const title = loaded ? `Insight: ${DASHBOARD_TITLES[loaded.dashboard]}` : 'Insight';
  return pageMeta(matches, () => title, { noIndex: true });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireDashboard(context, request, params.dashboard);
  const user = requireStaff(context, request);
  const form = await request.formData();
  const gapRequest = gapRequestOf(form);
  if (params.dashboard !== 'search' || gapRequest === undefined) {
    throw data('Unknown action.', { status: 400 });
  }
  const base = { gap: gapRequest.gapKey, intent: gapRequest.action };
  if (!context.verifyCsrf(form)) {
    return data<GapActionResult>(
      { ...base, ok: false, message: CSRF_REJECTED.message },
      { status: 403 },
    );
  }
  const outcome = await carryOutGapAction(context, gapRequest, user.id);
  if (outcome.ok) return data<GapActionResult>({ ...base, ok: true, message: outcome.message });
  return data<GapActionResult>(
    {
      ...base,
      intent: outcome.field === 'gapKey' ? 'gap' : gapRequest.action,
      ok: false,
      message: outcome.problem,
      ...(gapRequest.action === 'synonym' ? { typed: gapRequest.terms } : {}),
    },
    { status: 400 },
  );
}

function FilterField({
  name,
  label,
  error,
  children,
}: {
  name: InsightFilterField;
  label: string;
  error: string | undefined;
  children: (described: Record<string, string | boolean>) => ReactNode;
}) {
  const described: Record<string, string | boolean> = error
    ? { 'aria-invalid': true, 'aria-describedby': `filter-${name}-error` }
    : {};
  return (
    <div className={styles.field}>
      <label htmlFor={`filter-${name}`}>{label}</label>
      {children(described)}
      {error ? (
        <p id={`filter-${name}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function InsightDashboardPage() {
  const { dashboard, dashboards, options, outcome, view, gaps } = useLoaderData<typeof loader>();
  const result = useActionData<GapActionResult>();
  const typed: Partial<Record<InsightFilterField, string>> = outcome.ok
    ? outcome.filters
    : outcome.typed;
  const errors: Partial<Record<InsightFilterField, string>> = outcome.ok ? {} : outcome.errors;
  const query = outcome.ok ? filterQuery(outcome.filters) : '';
  const csv = (table: string) => `${insightPath(dashboard)}/csv/${table}${query}`;
  const keep = (filters: Partial<InsightFilters>) => (outcome.ok ? filterQuery(filters) : '');
  return (
    <div className={styles.page}>
      <p>
        <Link to="/admin/insight">Insight</Link>
      </p>
      <h1 className={styles.title}>{DASHBOARD_TITLES[dashboard]}</h1>
      <nav className={styles.nav} aria-label="Dashboards">
        <ul>
          {dashboards.map((other) => (
            <li key={other}>
              <Link
                to={`${insightPath(other)}${outcome.ok ? keep(outcome.filters) : ''}`}
                aria-current={other === dashboard ? 'page' : undefined}
              >
                {DASHBOARD_TITLES[other]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className={styles.filters} aria-label="Filter the figures">
        <FilterField name="from" label="From" error={errors.from}>
          {(described) => (
            <input
              id="filter-from"
              name="from"
              type="date"
              defaultValue={typed.from ?? ''}
              {...described}
            />
          )}
        </FilterField>
        <FilterField name="to" label="To" error={errors.to}>
          {(described) => (
            <input
              id="filter-to"
              name="to"
              type="date"
              defaultValue={typed.to ?? ''}
              {...described}
            />
          )}
        </FilterField>
        <FilterField name="region" label="Region" error={errors.region}>
          {(described) => (
            <select
              id="filter-region"
              name="region"
              defaultValue={typed.region ?? ''}
              {...described}
            >
              <option value="">All regions</option>
              {REGIONS.map((region) => (
                <option key={region} value={region}>
                  {REGION_NAMES[region]}
                </option>
              ))}
              {errors.region ? <option value={typed.region}>{typed.region}</option> : null}
            </select>
          )}
        </FilterField>
        <FilterField name="product" label="Product" error={errors.product}>
          {(described) => (
            <select
              id="filter-product"
              name="product"
              defaultValue={typed.product ?? ''}
              {...described}
            >
              <option value="">All products</option>
              {options.products.map((product) => (
                <option key={product.key} value={product.key}>
                  {product.name}
                </option>
              ))}
              {errors.product ? <option value={typed.product}>{typed.product}</option> : null}
            </select>
          )}
        </FilterField>
        <FilterField name="hub" label="Search hub" error={errors.hub}>
          {(described) => (
            <select id="filter-hub" name="hub" defaultValue={typed.hub ?? ''} {...described}>
              <option value="">All hubs</option>
              {options.hubs.map((hub) => (
                <option key={hub} value={hub}>
                  {hub}
                </option>
              ))}
              {errors.hub ? <option value={typed.hub}>{typed.hub}</option> : null}
            </select>
          )}
        </FilterField>
        <button type="submit" className={styles.button}>
          Show
        </button>
      </Form>
      {!outcome.ok ? (
        <p role="alert" className={styles.error}>
          Put the filters right to see the figures.
        </p>
      ) : null}
      {result && !result.ok && result.intent === 'gap' ? (
        <p role="alert">{result.message}</p>
      ) : null}
      {view ? (
        <>
          <ul className={styles.notes} aria-label="What these figures count">
            {view.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
            <li>Figures are rolled up from the events every 15 minutes.</li>
          </ul>
          <dl className={styles.headlines}>
            {view.headlines.map((headline) => (
              <div key={headline.label} className={styles.headline}>
                <dt>{headline.label}</dt>
                <dd>{headline.value}</dd>
              </div>
            ))}
          </dl>
          <h2 className={styles.srOnly}>Plots</h2>
          <div className={styles.plots}>
            {view.plots.map((plot) => (
              <InsightPlot
                key={plot.table.id}
                kind={plot.kind}
                table={plot.table}
                csvHref={csv(plot.table.id)}
              />
            ))}
          </div>
          <section className={styles.section} aria-labelledby="insight-tables">
            <h2 id="insight-tables">Tables</h2>
            {view.tables.map((table) => (
              <InsightTableView key={table.id} table={table} csvHref={csv(table.id)} />
            ))}
          </section>
          {gaps ? (
            <ContentGapList
              gaps={gaps.gaps}
              handled={gaps.handled}
              staff={gaps.staff}
              result={result}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
