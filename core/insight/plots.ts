/*
 * The dashboards' plots as geometry for SVG drawn on the server: a time series, bars and a
 * funnel, each in a fixed coordinate box the page scales to its width, and the sentence a
 * screen reader hears instead of the drawing. The numbers drawn are the table's numbers.
 */

export const PLOT_WIDTH = 640;
const PLOT_LEFT = 48;
const PLOT_RIGHT = 12;
const PLOT_TOP = 12;
const LINE_HEIGHT = 200;
const AXIS_SPACE = 28;
const BAR_HEIGHT = 22;
const BAR_GAP = 8;
const BAR_LABEL_WIDTH = 180;

export interface Series {
  name: string;
  values: readonly number[];
}

export interface Tick {
  at: number;
  text: string;
}

export interface TimeSeriesGeometry {
  width: number;
  height: number;
  /** The plot area's left, right, top and bottom edges. */
  area: { left: number; right: number; top: number; bottom: number };
  xTicks: Tick[];
  yTicks: Tick[];
  lines: { name: string; path: string; points: { x: number; y: number }[] }[];
}

/** Round steps for an axis up to a maximum: 1, 2 or 5 times a power of ten. */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((size) => size >= rough)!;
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) ticks.push(Math.round(value * 1e6) / 1e6);
  return ticks;
}

function shortDay(day: string): string {
  return day.length === 10 ? day.slice(5) : day;
}

export function timeSeriesGeometry(
  labels: readonly string[],
  series: readonly Series[],
): TimeSeriesGeometry {
  const area = {
    left: PLOT_LEFT,
    right: PLOT_WIDTH - PLOT_RIGHT,
    top: PLOT_TOP,
    bottom: PLOT_TOP + LINE_HEIGHT,
  };
  const max = Math.max(0, ...series.flatMap((line) => line.values));
  const ticks = niceTicks(max);
  const top = ticks.at(-1)!;
  const x = (at: number) =>
    labels.length <= 1
      ? (area.left + area.right) / 2
      : area.left + ((area.right - area.left) * at) / (labels.length - 1);
  const y = (value: number) => area.bottom - ((area.bottom - area.top) * value) / top;
  const every = Math.max(1, Math.ceil(labels.length / 6));
  return {
    width: PLOT_WIDTH,
    height: area.bottom + AXIS_SPACE,
    area,
    xTicks: labels.flatMap((label, at) =>
      at % every === 0 ? [{ at: x(at), text: shortDay(label) }] : [],
    ),
    yTicks: ticks.map((value) => ({ at: y(value), text: String(value) })),
    lines: series.map((line) => {
      const points = line.values.map((value, at) => ({ x: x(at), y: y(value) }));
      return {
        name: line.name,
        points,
        path: points
          .map((point, at) => `${at === 0 ? 'M' : 'L'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`)
          .join(' '),
      };
    }),
  };
}

export interface BarGeometry {
  label: string;
  value: number;
  y: number;
  /** Where the bar starts (a funnel's bars are centred) and how long it is. */
  x: number;
  length: number;
}

export interface BarsGeometry {
  width: number;
  height: number;
  labelWidth: number;
  barHeight: number;
  bars: BarGeometry[];
}

function barsOf(
  items: readonly { label: string; value: number }[],
  centred: boolean,
): BarsGeometry {
  const span = PLOT_WIDTH - BAR_LABEL_WIDTH - PLOT_RIGHT - 48;
  const max = Math.max(0, ...items.map((item) => item.value));
  return {
    width: PLOT_WIDTH,
    height: PLOT_TOP * 2 + items.length * (BAR_HEIGHT + BAR_GAP),
    labelWidth: BAR_LABEL_WIDTH,
    barHeight: BAR_HEIGHT,
    bars: items.map((item, at) => {
      const length = max === 0 ? 0 : (span * item.value) / max;
      return {
        label: item.label,
        value: item.value,
        y: PLOT_TOP + at * (BAR_HEIGHT + BAR_GAP),
        x: BAR_LABEL_WIDTH + (centred ? (span - length) / 2 : 0),
        length,
      };
    }),
  };
}

export function barsGeometry(items: readonly { label: string; value: number }[]): BarsGeometry {
  return barsOf(items, false);
}

/** A funnel: one bar a step, centred, each as long as the people who reached that step. */
export function funnelGeometry(steps: readonly { label: string; value: number }[]): BarsGeometry {
  return barsOf(steps, true);
}

export function timeSeriesSummary(
  title: string,
  labels: readonly string[],
  series: readonly Series[],
): string {
  if (labels.length === 0) return `${title}: no days in the range.`;
  const parts = series.map((line) => {
    const total = line.values.reduce((sum, value) => sum + value, 0);
    const highest = Math.max(...line.values);
    const day = labels[line.values.indexOf(highest)]!;
    return total === 0
      ? `${line.name}: none`
      : `${line.name}: ${total} in all, most on ${day} (${highest})`;
  });
  return `${title}, ${labels[0]} to ${labels.at(-1)}. ${parts.join('; ')}.`;
}

export function barsSummary(
  title: string,
  items: readonly { label: string; value: number }[],
): string {
  if (items.length === 0) return `${title}: nothing to show.`;
  return `${title}: ${items.map((item) => `${item.label} ${item.value}`).join(', ')}.`;
}

export function funnelSummary(
  title: string,
  steps: readonly { label: string; value: number }[],
): string {
  const first = steps[0]?.value ?? 0;
  if (first === 0) return `${title}: nobody reached the first step.`;
  const parts = steps.map(
    (step) => `${step.label} ${step.value} (${Math.round((step.value / first) * 100)}%)`,
  );
  return `${title}: ${parts.join(', then ')}.`;
}
