/**
 * The seller's analytics (/seller/analytics) in the shared charts' terms (lib/charts.ts): which
 * figures of a day are charted, and the days grouped into bars.
 */
import type { AnalyticsDay } from '../../../shared/store/seller-analytics.ts';
import { bucketDays, type Bucket, type Grouping } from './charts.ts';

export const SELLER_METRICS = ['sales', 'revenue_cents', 'net_cents', 'views', 'downloads'] as const;
export type Metric = (typeof SELLER_METRICS)[number];
export type SellerBucket = Bucket<Metric>;

/** The analytics series (oldest day first, one entry per day) in bars of the grouping. */
export function bucketSeries(series: readonly AnalyticsDay[], grouping: Grouping): SellerBucket[] {
  return bucketDays(series, SELLER_METRICS, grouping);
}
