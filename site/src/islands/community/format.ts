import type { CommunitySort } from '../../../../shared/community.ts';
import { formatTime } from '../../lib/practice-loop.ts';

export const SORT_LABELS: Record<CommunitySort, string> = { newest: 'Newest', helpful: 'Most helpful', unanswered: 'Unanswered' };

/** A lesson clip's moment, as the chip and the ask form show it: "1:23". */
export function momentLabel(ms: number): string {
  return formatTime(Math.floor(ms / 1000));
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** When a post was written: "Dec 3, 2026" (stored in UTC, shown in the reader's day). */
export function postedOn(iso: string): string {
  const date = new Date(iso.endsWith('Z') || iso.includes('+') ? iso : `${iso.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** The lesson's clip a question's moment seeks, when the lesson has one on the page. */
export type VideoHandle = { readonly current: HTMLVideoElement | null };

/** Seeks the lesson's clip to a question's moment and brings it into view. */
export function seekTo(video: VideoHandle | null, ms: number): void {
  const el = video?.current;
  if (!el) return;
  el.currentTime = ms / 1000;
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el.focus({ preventScroll: true });
}
