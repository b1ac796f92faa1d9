/**
 * How the store's pages say things: prices, ratings, file sizes, names and dates. Used by the
 * Astro components (built and server-rendered alike) and the islands. Pure.
 */
import { formatCents } from './currency.ts';
import { countLabel } from './plural.ts';

/** A resource's price: 'Free' or '$12.00'. */
export function resourcePrice(cents: number): string {
  return cents > 0 ? formatCents(cents) : 'Free';
}

/** '4.5' (one decimal), for a rating average. */
export function ratingFigure(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** What a rating says to a screen reader: 'Rated 4.5 out of 5 from 12 reviews', or that there are none. */
export function ratingLabel(average: number, count: number): string {
  if (count <= 0) return 'No reviews yet';
  return `Rated ${ratingFigure(average)} out of 5 from ${countLabel(count, 'review')}`;
}

/** How much of the five stars is filled, as a percentage (0–100, to one decimal). */
export function starFill(average: number): number {
  const clamped = Math.min(5, Math.max(0, Number.isFinite(average) ? average : 0));
  return Math.round(clamped * 200) / 10;
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** '512 bytes', '14 KB', '2.1 MB': one decimal below ten, none above. */
export function fileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return countLabel(Math.max(0, Math.round(bytes || 0)), 'byte');
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

/** A file's line under "What's included": 'PDF · 2.1 MB · 12 pages'. */
export function fileDetails(file: { type_label: string; size: number; page_count: number | null }): string {
  const parts = [file.type_label, fileSize(file.size)];
  if (file.page_count !== null && file.page_count > 0) parts.push(countLabel(file.page_count, 'page'));
  return parts.join(' · ');
}

/** A person's name as the store shows it: first and last name, else the username. */
export function personName(person: { first_name?: string | null; last_name?: string | null; username?: string | null }): string {
  const name = [person.first_name, person.last_name]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || (person.username ?? '').trim() || 'A DRX member';
}

const dates = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Nov 25, 2026' (UTC, so the build and the server say the same). Empty for a date it cannot read. */
export function reviewDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : dates.format(t);
}

/** Each star's share of the reviews, 5 stars first: the bars of the distribution. */
export function ratingBars(distribution: readonly number[]): { stars: number; count: number; percent: number }[] {
  const total = distribution.reduce((n, c) => n + Math.max(0, c), 0);
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = Math.max(0, distribution[stars - 1] ?? 0);
    return { stars, count, percent: total > 0 ? Math.round((count / total) * 100) : 0 };
  });
}
