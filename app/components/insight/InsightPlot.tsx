import {
  barsGeometry,
  barsSummary,
  funnelGeometry,
  funnelSummary,
  timeSeriesGeometry,
  timeSeriesSummary,
  type InsightTable,
} from '~core/insight';
import { InsightTableView } from './InsightTableView.tsx';
import styles from './insight.module.css';

/*
 * A plot drawn as SVG on the server from its table: a title, a sentence for screen readers
 * (the drawing itself is hidden from them), and the table behind a "Show as table" toggle
 * that needs no script.
 */

const SERIES_CLASSES = [styles.series1, styles.series2, styles.series3];
const SERIES_DASHES = ['', '6 4', '2 3'];

function LinePlot({ table }: { table: InsightTable }) {
  const labels = table.rows.map((row) => String(row[0]));
  const series = table.columns.slice(1).map((name, at) => ({
    name,
    values: table.rows.map((row) => Number(row[at + 1])),
  }));
  const plot = timeSeriesGeometry(labels, series);
  return (
    <>
      <svg
        viewBox={`0 0 ${plot.width} ${plot.height}`}
        className={styles.svg}
        aria-hidden="true"
        focusable="false"
      >
        {plot.yTicks.map((tick) => (
          <g key={tick.text}>
            <line
              x1={plot.area.left}
              x2={plot.area.right}
              y1={tick.at}
              y2={tick.at}
              className={styles.grid}
            />
            <text x={plot.area.left - 6} y={tick.at + 4} textAnchor="end" className={styles.axis}>
              {tick.text}
            </text>
          </g>
        ))}
        {plot.xTicks.map((tick) => (
          <text
            key={tick.text}
            x={tick.at}
            y={plot.area.bottom + 18}
            textAnchor="middle"
            className={styles.axis}
          >
            {tick.text}
          </text>
        ))}
        {plot.lines.map((line, at) => (
          <g key={line.name} className={SERIES_CLASSES[at % SERIES_CLASSES.length]}>
            <path
              d={line.path}
              fill="none"
              strokeWidth={2}
              strokeDasharray={SERIES_DASHES[at % 3] || undefined}
            />
            {line.points.length <= 62
              ? line.points.map((point, index) => (
                  <circle key={index} cx={point.x} cy={point.y} r={2.5} />
                ))
              : null}
          </g>
        ))}
      </svg>
      <ul className={styles.legend} aria-hidden="true">
        {series.map((line, at) => (
          <li key={line.name} className={SERIES_CLASSES[at % SERIES_CLASSES.length]}>
            <svg width="24" height="10" focusable="false">
              <line
                x1="0"
                x2="24"
                y1="5"
                y2="5"
                strokeWidth={2}
                strokeDasharray={SERIES_DASHES[at % 3] || undefined}
              />
            </svg>
            {line.name}
          </li>
        ))}
      </ul>
    </>
  );
}

function BarPlot({ table, funnel }: { table: InsightTable; funnel: boolean }) {
  const items = table.rows.map((row) => ({ label: String(row[0]), value: Number(row[1]) }));
  const plot = funnel ? funnelGeometry(items) : barsGeometry(items);
  return (
    <svg
      viewBox={`0 0 ${plot.width} ${plot.height}`}
      className={styles.svg}
      aria-hidden="true"
      focusable="false"
    >
      {plot.bars.map((bar) => (
        <g key={bar.label}>
          <text
            x={plot.labelWidth - 8}
            y={bar.y + plot.barHeight / 2 + 4}
            textAnchor="end"
            className={styles.axis}
          >
            {bar.label.length > 26 ? `${bar.label.slice(0, 25)}…` : bar.label}
          </text>
          <rect
            x={bar.x}
            y={bar.y}
            width={Math.max(bar.length, 1)}
            height={plot.barHeight}
            className={styles.bar}
          />
          <text
            x={bar.x + bar.length + 6}
            y={bar.y + plot.barHeight / 2 + 4}
            className={styles.axis}
          >
            {bar.value}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function InsightPlot({
  kind,
  table,
  csvHref,
}: {
  kind: 'line' | 'bars' | 'funnel';
  table: InsightTable;
  csvHref: string;
}) {
  const titleId = `plot-${table.id}`;
  const items = table.rows.map((row) => ({ label: String(row[0]), value: Number(row[1]) }));
  const summary =
    kind === 'line'
      ? timeSeriesSummary(
          table.title,
          table.rows.map((row) => String(row[0])),
          table.columns
            .slice(1)
            .map((name, at) => ({ name, values: table.rows.map((row) => Number(row[at + 1])) })),
        )
      : kind === 'funnel'
        ? funnelSummary(table.title, items)
        : barsSummary(table.title, items);
  return (
    <figure className={styles.plot} aria-labelledby={titleId} data-plot={table.id}>
      <h3 id={titleId} className={styles.plotTitle}>
        {table.title}
      </h3>
      <p className={styles.srOnly}>{summary}</p>
      {table.rows.length === 0 ? (
        <p className={styles.muted}>Nothing in this range.</p>
      ) : kind === 'line' ? (
        <LinePlot table={table} />
      ) : (
        <BarPlot table={table} funnel={kind === 'funnel'} />
      )}
      <details className={styles.details}>
        <summary>Show as table</summary>
        <InsightTableView table={table} csvHref={csvHref} caption={false} />
      </details>
    </figure>
  );
}
