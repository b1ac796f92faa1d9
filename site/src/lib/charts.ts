/**
 * The arithmetic of the seller's charts (/seller/analytics, decision 0030): the days of the API's
 * series grouped into bars (days for 30 days, weeks for 90, months for a year), a scale with round
 * ticks, and the bars' geometry in an SVG's coordinates. Pure, so the charts and their table
 * alternatives show the same numbers and the tests can pin them.
 */
import type { AnalyticsDay } from '../../../worker/src/services/store/seller-analytics.ts';
import { shortDay } from './seller-format.ts';

export type Metric = 'sales' | 'revenue_cents' | 'net_cents' | 'views' | 'downloads';

export interface Bucket {
  /** What the bar is called on the axis and in the table: 'Nov 25', 'Week of Nov 3', 'Nov 2026'. */
  label: string;
  /** Short axis label. */
  short: string;
  from: string;
  to: string;
  sales: number;
  revenue_cents: number;
  net_cents: number;
  views: number;
  downloads: number;
}

export type Grouping = 'day' | 'week' | 'month';

/** Days for a month's window, weeks for a quarter's, months for a year's: 30, 13 and 12–13 bars. */
export function groupingFor(days: number): Grouping {
  if (days <= 31) return 'day';
  if (days <= 120) return 'week';
  return 'month';
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

function empty(from: string): Bucket {
  return { label: '', short: '', from, to: from, sales: 0, revenue_cents: 0, net_cents: 0, views: 0, downloads: 0 };
}

function add(bucket: Bucket, day: AnalyticsDay): void {
  bucket.to = day.day;
  bucket.sales += day.sales;
  bucket.revenue_cents += day.revenue_cents;
  bucket.net_cents += day.net_cents;
  bucket.views += day.views;
  bucket.downloads += day.downloads;
}

/** The series (oldest day first, one entry per day) in bars of the grouping. */
export function bucketSeries(series: readonly AnalyticsDay[], grouping: Grouping): Bucket[] {
  const out: Bucket[] = [];
  series.forEach((day, i) => {
    let bucket = out[out.length - 1];
    const startsNew =
      !bucket ||
      grouping === 'day' ||
      (grouping === 'week' && i % 7 === 0) ||
      (grouping === 'month' && day.day.slice(0, 7) !== bucket.from.slice(0, 7));
    if (startsNew) {
      bucket = empty(day.day);
      out.push(bucket);
    }
    add(bucket!, day);
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

/** One sentence for a screen reader: the chart's total and its best bar. */
export function chartSummary(buckets: readonly Bucket[], metric: Metric, format: (v: number) => string, what: string): string {
  if (buckets.length === 0) return `No ${what} in this period.`;
  const total = buckets.reduce((n, b) => n + b[metric], 0);
  const best = buckets.reduce((a, b) => (b[metric] > a[metric] ? b : a), buckets[0]!);
  if (total === 0 && best[metric] === 0) return `No ${what} in this period.`;
  return `${what[0]!.toUpperCase()}${what.slice(1)}: ${format(total)} in total; the highest was ${format(best[metric])} (${best.label}).`;
}
