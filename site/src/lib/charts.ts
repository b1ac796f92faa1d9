/**
 * The arithmetic of our charts (decision 0030 and its addendum): a series of UTC days grouped into
 * bars (days for 30 days, weeks for 90, months for a year), a scale with round ticks, the bars'
 * geometry in an SVG's coordinates (plain and stacked), and the sentence a screen reader hears.
 * Pure, so a chart and its table alternative show the same numbers and the tests can pin them.
 * Used by the seller's analytics and the dashboards (components/charts/).
 */
import { shortDay } from './seller-format.ts';

/** One bar of a chart over time: its period, and one number per series. */
export type Bucket<K extends string = string> = {
  /** What the bar is called in the table: 'Nov 25', 'Nov 3 – Nov 9', 'Nov 2026'. */
  label: string;
  /** Short axis label. */
  short: string;
  from: string;
  to: string;
} & Record<K, number>;

export type Grouping = 'day' | 'week' | 'month';

/** Days for a month's window, weeks for a quarter's, months for a year's: 30, 13 and 12–13 bars. */
export function groupingFor(days: number): Grouping {
  if (days <= 31) return 'day';
  if (days <= 120) return 'week';
  return 'month';
}

/** The table's first column for a grouping. */
export const PERIOD_HEADINGS: Record<Grouping, string> = { day: 'Day', week: 'Week', month: 'Month' };

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/**
 * A series of days (oldest first, one entry per UTC day, `day` as YYYY-MM-DD) in bars of the
 * grouping, summing each of `keys`: weeks of seven from the first day, calendar months.
 */
export function bucketDays<K extends string>(series: readonly ({ day: string } & Record<K, number>)[], keys: readonly K[], grouping: Grouping): Bucket<K>[] {
  const out: Bucket<K>[] = [];
  series.forEach((day, i) => {
    let bucket = out[out.length - 1];
    const startsNew =
      !bucket ||
      grouping === 'day' ||
      (grouping === 'week' && i % 7 === 0) ||
      (grouping === 'month' && day.day.slice(0, 7) !== bucket.from.slice(0, 7));
    if (!bucket || startsNew) {
      const fresh = { label: '', short: '', from: day.day, to: day.day } as Bucket<K>;
      for (const key of keys) (fresh as Record<K, number>)[key] = 0;
      bucket = fresh;
      out.push(bucket);
    }
    bucket.to = day.day;
    for (const key of keys) (bucket as Record<K, number>)[key] += day[key];
  });
  for (const b of out) {
    if (grouping === 'day') {
      b.label = shortDay(b.from);
      b.short = shortDay(b.from);
    } else if (grouping === 'week') {
      b.label = b.from === b.to ? shortDay(b.from) : `${shortDay(b.from)} – ${shortDay(b.to)}`;
      b.short = shortDay(b.from);
    } else {
      const t = Date.parse(`${b.from.slice(0, 7)}-01T00:00:00Z`);
      b.label = monthFormat.format(t);
      b.short = monthShort.format(t);
    }
  }
  return out;
}

/** A scale from 0 to a round maximum (1, 2 or 5 × 10ⁿ steps) with about `count` ticks. */
export function niceScale(maxValue: number, count = 4): { max: number; ticks: number[] } {
  const top = Math.max(0, Number.isFinite(maxValue) ? maxValue : 0);
  if (top === 0) return { max: 1, ticks: [0, 1] };
  const rough = top / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  // Whole steps for counts: a scale of 0–3 sales never shows 1.5.
  const whole = Math.max(step, Number.isInteger(top) ? 1 : step);
  const max = Math.ceil(top / whole) * whole;
  const ticks: number[] = [];
  for (let v = 0; v <= max + whole / 2; v += whole) ticks.push(Math.round(v * 1e6) / 1e6);
  return { max, ticks };
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the value axis on the left and the labels below. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export const DEFAULT_BOX: ChartBox = { width: 480, height: 220, left: 60, bottom: 26, top: 10, right: 6 };

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
}

/** The bars of values (never negative on screen: a net refund day draws nothing) in the box. */
export function barLayout(values: readonly number[], scaleMax: number, box: ChartBox = DEFAULT_BOX): Bar[] {
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const slot = values.length > 0 ? plotWidth / values.length : plotWidth;
  const gap = Math.min(slot * 0.25, 6);
  return values.map((value, i) => {
    const shown = Math.max(0, value);
    const height = scaleMax > 0 ? (Math.min(shown, scaleMax) / scaleMax) * plotHeight : 0;
    return {
      x: box.left + i * slot + gap / 2,
      y: box.top + plotHeight - height,
      width: Math.max(1, slot - gap),
      height,
      value,
    };
  });
}

/** One bar's segments, bottom up, in the order of the series; `total` is the bar's whole height's value. */
export interface Stack {
  x: number;
  width: number;
  total: number;
  segments: (Bar & { key: string })[];
}

/**
 * Stacked bars: each row of values (one per series, in `keys` order) piled from the baseline.
 * Values below zero draw nothing (a refund shows in the table); the bar's total is the sum of
 * what is drawn, so the stack never passes the scale's top.
 */
export function stackLayout(rows: readonly Record<string, number>[], keys: readonly string[], scaleMax: number, box: ChartBox = DEFAULT_BOX): Stack[] {
  const bases = barLayout(
    rows.map(() => 0),
    scaleMax,
    box,
  );
  const plotHeight = box.height - box.top - box.bottom;
  const bottom = box.top + plotHeight;
  return rows.map((row, i) => {
    const base = bases[i]!;
    let drawn = 0;
    const segments = keys.map((key) => {
      const value = row[key] ?? 0;
      const shown = Math.max(0, value);
      const y0 = bottom - (scaleMax > 0 ? (Math.min(drawn, scaleMax) / scaleMax) * plotHeight : 0);
      drawn += shown;
      const y1 = bottom - (scaleMax > 0 ? (Math.min(drawn, scaleMax) / scaleMax) * plotHeight : 0);
      return { key, x: base.x, width: base.width, y: y1, height: y0 - y1, value };
    });
    return { x: base.x, width: base.width, total: drawn, segments };
  });
}

/** The y coordinate of a value on the scale. */
export function yOf(value: number, scaleMax: number, box: ChartBox = DEFAULT_BOX): number {
  const plotHeight = box.height - box.top - box.bottom;
  return box.top + plotHeight - (scaleMax > 0 ? (Math.min(Math.max(0, value), scaleMax) / scaleMax) * plotHeight : 0);
}

/** Which bars get an axis label so the labels never crowd: about `room` of them, evenly. */
export function labelledIndexes(count: number, room = 8): Set<number> {
  if (count <= room) return new Set(Array.from({ length: count }, (_, i) => i));
  const every = Math.ceil(count / room);
  const out = new Set<number>();
  for (let i = 0; i < count; i += every) out.add(i);
  return out;
}

/** One sentence for a screen reader: the chart's total and its best bar (`value` of a bar: one series or their sum). */
export function summarise<B extends { label: string }>(buckets: readonly B[], value: (b: B) => number, format: (v: number) => string, what: string): string {
  if (buckets.length === 0) return `No ${what} in this period.`;
  const total = buckets.reduce((n, b) => n + value(b), 0);
  const best = buckets.reduce((a, b) => (value(b) > value(a) ? b : a), buckets[0]!);
  if (total === 0 && value(best) === 0) return `No ${what} in this period.`;
  return `${what[0]!.toUpperCase()}${what.slice(1)}: ${format(total)} in total; the highest was ${format(value(best))} (${best.label}).`;
}

/** The summary of one series of the buckets. */
export function chartSummary<K extends string>(buckets: readonly Bucket<K>[], metric: K, format: (v: number) => string, what: string): string {
  return summarise(buckets, (b) => b[metric], format, what);
}

/** The sum of the series of one bar. */
export function rowTotal<K extends string>(row: Record<K, number>, keys: readonly K[]): number {
  return keys.reduce((n, k) => n + (row[k] ?? 0), 0);
}
