import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { barLayout, chartSummary, DEFAULT_BOX, labelledIndexes, niceScale, rowTotal, stackLayout, summarise, yOf, type Bucket, type ChartBox } from '../../lib/charts.ts';
import { TableScrollBox } from '../ResponsiveTable.tsx';
import './charts.css';

/**
 * Our charts, drawn as small SVGs (decision 0030 and its addendum): bars over time, stacked bars
 * over time, and bars per item. Every chart is an `<svg role="img">` named by its caption and a
 * one-sentence summary, and carries its figures as a table under a disclosure, so nothing it shows
 * is only in the picture.
 */

/** The chart's box at the width it is shown (so its text keeps its size on a phone), the default until measured. */
function useChartBox(): [RefObject<HTMLElement | null>, ChartBox] {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(DEFAULT_BOX.width);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.round(el.clientWidth);
      if (w > 0) setWidth(Math.max(260, Math.min(720, w)));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, []);
  return [ref, { ...DEFAULT_BOX, width }];
}

/** The value axis: grid lines and their labels. */
function Axis({ ticks, max, box, format }: { ticks: number[]; max: number; box: ChartBox; format: (v: number) => string }) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t}>
          <line className="chart-grid" x1={box.left} x2={box.width - box.right} y1={yOf(t, max, box)} y2={yOf(t, max, box)} />
          <text className="chart-axis" x={box.left - 6} y={yOf(t, max, box) + 4} textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
    </>
  );
}

/** The periods' labels under the bars, as many as fit. */
function PeriodLabels({ bars, labels, box }: { bars: { x: number; width: number }[]; labels: { key: string; short: string }[]; box: ChartBox }) {
  const labelled = labelledIndexes(labels.length, Math.max(3, Math.floor((box.width - box.left) / 60)));
  return (
    <>
      {bars.map((bar, i) =>
        labelled.has(i) ? (
          <text key={`l-${labels[i]!.key}`} className="chart-axis" x={bar.x + bar.width / 2} y={box.height - 8} textAnchor="middle">
            {labels[i]!.short}
          </text>
        ) : null,
      )}
    </>
  );
}

/** "<title> as a table": the chart's figures, one row per bar. */
function TableDisclosure({ title, head, children }: { title: string; head: ReactNode; children: ReactNode }) {
  return (
    <details>
      <summary>{`${title} as a table`}</summary>
      <TableScrollBox label={title}>
        <table className="table">
          <caption className="visually-hidden">{title}</caption>
          <thead>{head}</thead>
          <tbody>{children}</tbody>
        </table>
      </TableScrollBox>
    </details>
  );
}

export interface BarChartProps<K extends string> {
  title: string;
  buckets: readonly Bucket<K>[];
  metric: K;
  /** How a value is written (axis, table, summary). */
  format: (value: number) => string;
  /** What the chart counts, in words for the summary: 'sales', 'revenue', 'views'. */
  what: string;
  /** The table's first column heading: 'Day', 'Week', 'Month'. */
  period: string;
  alt?: boolean;
}

export function BarChart<K extends string>({ title, buckets, metric, format, what, period, alt }: BarChartProps<K>) {
  const id = useId();
  const [ref, box] = useChartBox();
  const values = buckets.map((b) => b[metric]);
  const { max, ticks } = niceScale(Math.max(0, ...values));
  const bars = barLayout(values, max, box);
  return (
    <figure ref={ref} className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-labelledby={`${id}-title ${id}-summary`} preserveAspectRatio="xMidYMid meet">
        <Axis ticks={ticks} max={max} box={box} format={format} />
        {bars.map((bar, i) => (
          <rect key={buckets[i]!.from} className={alt ? 'chart-bar-alt' : 'chart-bar'} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={Math.min(2, bar.width / 2)}>
            <title>{`${buckets[i]!.label}: ${format(bar.value)}`}</title>
          </rect>
        ))}
        <PeriodLabels bars={bars} labels={buckets.map((b) => ({ key: b.from, short: b.short }))} box={box} />
      </svg>
      <p id={`${id}-summary`} className="chart-summary">
        {chartSummary(buckets, metric, format, what)}
      </p>
      <TableDisclosure
        title={title}
        head={
          <tr>
            <th scope="col">{period}</th>
            <th scope="col" className="chart-num">
              {title}
            </th>
          </tr>
        }
      >
        {buckets.map((b) => (
          <tr key={b.from}>
            <th scope="row">{b.label}</th>
            <td className="chart-num">{format(b[metric])}</td>
          </tr>
        ))}
      </TableDisclosure>
    </figure>
  );
}

export interface Series<K extends string> {
  key: K;
  label: string;
}

export interface StackedBarChartProps<K extends string> {
  title: string;
  buckets: readonly Bucket<K>[];
  /** The series, bottom of the stack first; each gets the next of six colours and a legend entry. */
  series: readonly Series<K>[];
  format: (value: number) => string;
  what: string;
  period: string;
}

/** Bars over time, each split into its series (revenue by kind): a legend in words, the table has a column per series and the total. */
export function StackedBarChart<K extends string>({ title, buckets, series, format, what, period }: StackedBarChartProps<K>) {
  const id = useId();
  const [ref, box] = useChartBox();
  const keys = series.map((s) => s.key);
  const rows = buckets as readonly Record<string, number>[];
  const { max, ticks } = niceScale(Math.max(0, ...rows.map((r) => keys.reduce((n, k) => n + Math.max(0, r[k] ?? 0), 0))));
  const stacks = stackLayout(rows, keys, max, box);
  const label = new Map(series.map((s) => [s.key as string, s.label]));
  return (
    <figure ref={ref} className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <ul className="chart-legend" aria-label={`${title}: legend`}>
        {series.map((s, i) => (
          <li key={s.key}>
            <span className={`chart-swatch chart-series-${i % 6}`} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
      <svg viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-labelledby={`${id}-title ${id}-summary`} preserveAspectRatio="xMidYMid meet">
        <Axis ticks={ticks} max={max} box={box} format={format} />
        {stacks.map((stack, i) => (
          <g key={buckets[i]!.from}>
            {stack.segments.map((seg, j) =>
              seg.height > 0 ? (
                <rect key={seg.key} className={`chart-series-${j % 6}`} x={seg.x} y={seg.y} width={seg.width} height={seg.height}>
                  <title>{`${buckets[i]!.label}, ${label.get(seg.key)}: ${format(seg.value)}`}</title>
                </rect>
              ) : null,
            )}
          </g>
        ))}
        <PeriodLabels bars={stacks} labels={buckets.map((b) => ({ key: b.from, short: b.short }))} box={box} />
      </svg>
      <p id={`${id}-summary`} className="chart-summary">
        {summarise(buckets, (b) => rowTotal<K>(b, keys), format, what)}
      </p>
      <TableDisclosure
        title={title}
        head={
          <tr>
            <th scope="col">{period}</th>
            {series.map((s) => (
              <th key={s.key} scope="col" className="chart-num">
                {s.label}
              </th>
            ))}
            <th scope="col" className="chart-num">
              Total
            </th>
          </tr>
        }
      >
        {buckets.map((b) => (
          <tr key={b.from}>
            <th scope="row">{b.label}</th>
            {series.map((s) => (
              <td key={s.key} className="chart-num">
                {format(b[s.key])}
              </td>
            ))}
            <td className="chart-num">{format(rowTotal<K>(b, keys))}</td>
          </tr>
        ))}
      </TableDisclosure>
    </figure>
  );
}

export interface HBarItem {
  key: string | number;
  label: string;
  value: number;
  href?: string;
  /** Words after the value ("12 paying"). */
  detail?: string;
}

/** Bars per item (resources, plans), longest first as given; an HTML list, so it reads as text too. */
export function HBarChart({ title, items, format, empty }: { title: string; items: readonly HBarItem[]; format: (value: number) => string; empty: string }) {
  const id = useId();
  const max = Math.max(0, ...items.map((i) => i.value));
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      {items.length === 0 || max === 0 ? (
        <p className="chart-summary">{empty}</p>
      ) : (
        <ul className="chart-hbar">
          {items.map((item) => (
            <li key={item.key}>
              <span className="chart-hbar-label">
                <span>{item.href ? <a href={item.href}>{item.label}</a> : item.label}</span>
                <strong>
                  {format(item.value)}
                  {item.detail && <span className="chart-hbar-detail"> · {item.detail}</span>}
                </strong>
              </span>
              <span className="chart-hbar-track" aria-hidden="true">
                <span className="chart-hbar-fill" style={{ display: 'block', width: `${max > 0 ? Math.max(0, (item.value / max) * 100) : 0}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
