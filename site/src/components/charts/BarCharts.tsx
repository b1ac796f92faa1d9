import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { barLayout, chartSummary, DEFAULT_BOX, labelledIndexes, niceScale, yOf, type Bucket, type ChartBox, type Metric } from '../../lib/seller-charts.ts';

/**
 * The seller's charts, drawn as small SVGs (decision 0030): bars over time and bars per resource.
 * Every chart carries a sentence for screen readers and its figures as a table under a disclosure,
 * so nothing it shows is only in the picture.
 */

export interface BarChartProps {
  title: string;
  buckets: readonly Bucket[];
  metric: Metric;
  /** How a value is written (axis, table, summary). */
  format: (value: number) => string;
  /** What the chart counts, in words for the summary: 'sales', 'revenue', 'views'. */
  what: string;
  /** The table's first column heading: 'Day', 'Week', 'Month'. */
  period: string;
  alt?: boolean;
}

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

export function BarChart({ title, buckets, metric, format, what, period, alt }: BarChartProps) {
  const id = useId();
  const [ref, box] = useChartBox();
  const values = buckets.map((b) => b[metric]);
  const { max, ticks } = niceScale(Math.max(0, ...values));
  const bars = barLayout(values, max, box);
  const labelled = labelledIndexes(buckets.length, Math.max(3, Math.floor((box.width - box.left) / 60)));
  const summary = chartSummary(buckets, metric, format, what);
  const y = (v: number) => yOf(v, max, box);
  return (
    <figure ref={ref} className="sl-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-labelledby={`${id}-title ${id}-summary`} preserveAspectRatio="xMidYMid meet">
        {ticks.map((t) => (
          <g key={t}>
            <line className="sl-chart-grid" x1={box.left} x2={box.width - box.right} y1={y(t)} y2={y(t)} />
            <text className="sl-chart-axis" x={box.left - 6} y={y(t) + 4} textAnchor="end">
              {format(t)}
            </text>
          </g>
        ))}
        {bars.map((bar, i) => (
          <rect key={buckets[i]!.from} className={alt ? 'sl-chart-bar-alt' : 'sl-chart-bar'} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={Math.min(2, bar.width / 2)}>
            <title>{`${buckets[i]!.label}: ${format(bar.value)}`}</title>
          </rect>
        ))}
        {bars.map((bar, i) =>
          labelled.has(i) ? (
            <text key={`l-${buckets[i]!.from}`} className="sl-chart-axis" x={bar.x + bar.width / 2} y={box.height - 8} textAnchor="middle">
              {buckets[i]!.short}
            </text>
          ) : null,
        )}
      </svg>
      <p id={`${id}-summary`} className="sl-chart-summary">
        {summary}
      </p>
      <details>
        <summary>{`${title} as a table`}</summary>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{period}</th>
                <th scope="col" className="sl-num">
                  {title}
                </th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((b) => (
                <tr key={b.from}>
                  <th scope="row">{b.label}</th>
                  <td className="sl-num">{format(b[metric])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

export interface HBarItem {
  key: string | number;
  label: string;
  value: number;
  href?: string;
}

/** Bars per item (resources), longest first as given; an HTML list, so it reads as text too. */
export function HBarChart({ title, items, format, empty }: { title: string; items: readonly HBarItem[]; format: (value: number) => string; empty: string }) {
  const id = useId();
  const max = Math.max(0, ...items.map((i) => i.value));
  return (
    <figure className="sl-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      {items.length === 0 || max === 0 ? (
        <p className="sl-chart-summary">{empty}</p>
      ) : (
        <ul className="sl-hbar">
          {items.map((item) => (
            <li key={item.key}>
              <span className="sl-hbar-label">
                <span>{item.href ? <a href={item.href}>{item.label}</a> : item.label}</span>
                <strong>{format(item.value)}</strong>
              </span>
              <span className="sl-hbar-track" aria-hidden="true">
                <span className="sl-hbar-fill" style={{ display: 'block', width: `${max > 0 ? Math.max(0, (item.value / max) * 100) : 0}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
