import { describe, expect, it } from 'vitest';
import type { AnalyticsDay } from '../../../shared/store/seller-analytics.ts';
import { barLayout, bucketDays, chartSummary, DEFAULT_BOX, groupingFor, labelledIndexes, niceScale, rowTotal, stackLayout, summarise, yOf } from './charts.ts';
import { bucketSeries } from './seller-charts.ts';

function days(from: string, count: number, fill: (i: number) => Partial<AnalyticsDay> = () => ({})): AnalyticsDay[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    sales: 0,
    revenue_cents: 0,
    net_cents: 0,
    views: 0,
    downloads: 0,
    ...fill(i),
  }));
}

describe('bars of the analytics series', () => {
  it('groups 30 days by day, 90 by week and a year by month', () => {
    expect(groupingFor(30)).toBe('day');
    expect(groupingFor(90)).toBe('week');
    expect(groupingFor(365)).toBe('month');
  });

  it('keeps one bar a day for a month, labelled with the day', () => {
    const buckets = bucketSeries(days('2026-11-01', 30, (i) => ({ sales: i })), 'day');
    expect(buckets).toHaveLength(30);
    expect(buckets[3]).toMatchObject({ label: 'Nov 4', from: '2026-11-04', to: '2026-11-04', sales: 3 });
  });

  it('sums weeks of seven days from the first day, the last week possibly shorter', () => {
    const buckets = bucketSeries(days('2026-08-01', 90, () => ({ views: 1, revenue_cents: 100 })), 'week');
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toMatchObject({ from: '2026-08-01', to: '2026-08-07', views: 7, revenue_cents: 700, label: 'Aug 1 – Aug 7' });
    expect(buckets[12]).toMatchObject({ views: 6 });
    expect(buckets.reduce((n, b) => n + b.views, 0)).toBe(90);
  });

  it('sums calendar months, partial ones at both ends', () => {
    const buckets = bucketSeries(days('2025-11-27', 365, () => ({ downloads: 1 })), 'month');
    expect(buckets.map((b) => b.label)[0]).toBe('Nov 2025');
    expect(buckets[0]!.downloads).toBe(4);
    expect(buckets[1]).toMatchObject({ label: 'Dec 2025', short: 'Dec', downloads: 31 });
    expect(buckets).toHaveLength(13);
    expect(buckets.reduce((n, b) => n + b.downloads, 0)).toBe(365);
  });

  it('carries refunds as negative money', () => {
    const [bucket] = bucketSeries(days('2026-01-01', 2, (i) => (i === 0 ? { revenue_cents: 1000, net_cents: 800 } : { revenue_cents: -1000, net_cents: -800 })), 'week');
    expect(bucket).toMatchObject({ revenue_cents: 0, net_cents: 0 });
  });
});

describe('the scale', () => {
  it('rounds up to 1, 2 or 5 steps', () => {
    expect(niceScale(12345)).toEqual({ max: 15000, ticks: [0, 5000, 10000, 15000] });
    expect(niceScale(100)).toEqual({ max: 100, ticks: [0, 50, 100] });
    expect(niceScale(2.5)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
  });

  it('never splits a count below one and is 0–1 without data', () => {
    expect(niceScale(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(niceScale(1)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(-5)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('covers the value with its top tick', () => {
    for (const v of [7, 19, 101, 999, 4321, 87_654]) {
      const { max, ticks } = niceScale(v);
      expect(max).toBeGreaterThanOrEqual(v);
      expect(ticks.at(-1)).toBe(max);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });
});

describe('the bars geometry', () => {
  it('fills the plot from the baseline in proportion, negative values drawn as nothing', () => {
    const bars = barLayout([0, 5, 10, -3], 10);
    const plotBottom = DEFAULT_BOX.height - DEFAULT_BOX.bottom;
    const plotHeight = plotBottom - DEFAULT_BOX.top;
    expect(bars).toHaveLength(4);
    expect(bars[0]!.height).toBe(0);
    expect(bars[1]!.height).toBeCloseTo(plotHeight / 2);
    expect(bars[2]!.y).toBeCloseTo(DEFAULT_BOX.top);
    expect(bars[3]!.height).toBe(0);
    for (const b of bars) expect(b.y + b.height).toBeCloseTo(plotBottom);
    expect(bars[3]!.x + bars[3]!.width).toBeLessThanOrEqual(DEFAULT_BOX.width - DEFAULT_BOX.right);
    expect(yOf(10, 10)).toBeCloseTo(DEFAULT_BOX.top);
    expect(yOf(0, 10)).toBeCloseTo(plotBottom);
  });

  it('labels every bar when there is room, else evenly spaced ones', () => {
    expect([...labelledIndexes(5)]).toEqual([0, 1, 2, 3, 4]);
    expect([...labelledIndexes(30)]).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
  });
});

describe('the summary read to a screen reader', () => {
  it('gives the total and the best bar, or says there was nothing', () => {
    const buckets = bucketSeries(days('2026-11-01', 3, (i) => ({ sales: [1, 4, 2][i] })), 'day');
    expect(chartSummary(buckets, 'sales', String, 'sales')).toBe('Sales: 7 in total; the highest was 4 (Nov 2).');
    expect(chartSummary(bucketSeries(days('2026-11-01', 3), 'day'), 'views', String, 'views')).toBe('No views in this period.');
    expect(chartSummary([], 'views', String, 'views')).toBe('No views in this period.');
  });
});

describe('stacked bars (revenue by kind)', () => {
  const plotBottom = DEFAULT_BOX.height - DEFAULT_BOX.bottom;
  const plotHeight = plotBottom - DEFAULT_BOX.top;

  it('piles the series from the baseline in their order, each in proportion', () => {
    const [stack] = stackLayout([{ a: 2, b: 3, c: 5 }], ['a', 'b', 'c'], 10);
    expect(stack!.total).toBe(10);
    const [a, b, c] = stack!.segments;
    expect(a).toMatchObject({ key: 'a', value: 2 });
    expect(a!.y + a!.height).toBeCloseTo(plotBottom);
    expect(a!.height).toBeCloseTo(plotHeight * 0.2);
    expect(b!.y + b!.height).toBeCloseTo(a!.y);
    expect(b!.height).toBeCloseTo(plotHeight * 0.3);
    expect(c!.y).toBeCloseTo(DEFAULT_BOX.top);
    for (const seg of stack!.segments) expect(seg.x).toBe(stack!.x);
  });

  it('draws nothing for a negative (refunded) series and never passes the top', () => {
    const [stack] = stackLayout([{ a: -4, b: 6 }], ['a', 'b'], 5);
    expect(stack!.total).toBe(6);
    expect(stack!.segments[0]!.height).toBe(0);
    expect(stack!.segments[1]!.y).toBeCloseTo(DEFAULT_BOX.top);
    expect(stack!.segments[1]!.height).toBeCloseTo(plotHeight);
  });

  it('sums several series per bucket and summarises the bars\' totals', () => {
    const series = [
      { day: '2026-11-01', course: 100, resource: 0 },
      { day: '2026-11-02', course: 0, resource: 250 },
      { day: '2026-11-03', course: 50, resource: -50 },
    ];
    const buckets = bucketDays(series, ['course', 'resource'], 'week');
    expect(buckets).toEqual([{ label: 'Nov 1 – Nov 3', short: 'Nov 1', from: '2026-11-01', to: '2026-11-03', course: 150, resource: 200 }]);
    const daily = bucketDays(series, ['course', 'resource'], 'day');
    expect(daily.map((b) => rowTotal(b, ['course', 'resource']))).toEqual([100, 250, 0]);
    expect(summarise(daily, (b) => rowTotal(b, ['course', 'resource']), String, 'revenue')).toBe('Revenue: 350 in total; the highest was 250 (Nov 2).');
  });
});
