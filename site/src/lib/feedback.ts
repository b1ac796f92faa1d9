/**
 * Feedback on takes (decision 0070), pure: the queue's filters and their address, which notes show
 * at a moment of the take, and the shapes a drag draws over the frame (in fractions of the frame,
 * as the API stores them). The pages wire these to the DOM (islands/feedback/).
 */
import type { DrawingShape, FeedbackStatus, FeedbackVerdict, NoteView } from '../../../shared/practice.ts';

/** How long a note stays on screen from its moment while the take plays. */
export const NOTE_SHOW_MS = 2500;

/** The notes to show at a moment of the take: those whose moment passed less than NOTE_SHOW_MS ago. */
export function activeNotes<N extends Pick<NoteView, 'at_ms'>>(notes: readonly N[], takeMs: number): N[] {
  return notes.filter((n) => n.at_ms <= takeMs + 1 && takeMs < n.at_ms + NOTE_SHOW_MS);
}

/** Where a moment sits on the timeline, as a percentage of the take (0–100). */
export function timelinePercent(ms: number, durationMs: number): number {
  if (!(durationMs > 0)) return 0;
  return Math.min(100, Math.max(0, (ms / durationMs) * 100));
}

/** The moment (ms) a click at `fraction` of the timeline's width points to. */
export function momentAt(fraction: number, durationMs: number): number {
  return Math.round(Math.min(1, Math.max(0, fraction)) * Math.max(0, durationMs));
}

// ---------------------------------------------------------------------------------------------
// The queue's tabs and filters

export const QUEUE_TABS = ['waiting', 'overdue', 'answered'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];
export const QUEUE_TAB_LABELS: Record<QueueTab, string> = { waiting: 'Waiting', overdue: 'Overdue', answered: 'Answered' };

export interface QueueFilters {
  status: QueueTab;
  courseId: number | null;
  learnerId: number | null;
}

export const DEFAULT_QUEUE_FILTERS: QueueFilters = { status: 'waiting', courseId: null, learnerId: null };

const positiveId = (value: string | null): number | null => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/** The filters an address carries (?status=&course_id=&learner_id=); anything else is the default. */
export function queueFiltersOf(search: string): QueueFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  return {
    status: (QUEUE_TABS as readonly string[]).includes(status ?? '') ? (status as QueueTab) : 'waiting',
    courseId: positiveId(params.get('course_id')),
    learnerId: positiveId(params.get('learner_id')),
  };
}

export interface QueueQuery {
  status: QueueTab;
  course_id?: string;
  learner_id?: string;
  cursor?: string;
}

/** The API's query of a page of the queue (the cursor of the page after, if any). */
export function queueQueryOf(filters: QueueFilters, cursor: string | null = null): QueueQuery {
  const query: QueueQuery = { status: filters.status };
  if (filters.courseId !== null) query.course_id = String(filters.courseId);
  if (filters.learnerId !== null) query.learner_id = String(filters.learnerId);
  if (cursor) query.cursor = cursor;
  return query;
}

/** The page's own address of the filters (the default tab says nothing). */
export function queueAddressOf(filters: QueueFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== 'waiting') params.set('status', filters.status);
  if (filters.courseId !== null) params.set('course_id', String(filters.courseId));
  if (filters.learnerId !== null) params.set('learner_id', String(filters.learnerId));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * Next and Previous over a keyset list that answers only `next`: the cursors of the pages already
 * seen are kept, so Previous returns to the page before without the server reading backwards.
 */
export interface CursorTrail {
  /** The cursor of each page shown so far; the first page's is null. */
  cursors: (string | null)[];
}

export const FIRST_PAGE: CursorTrail = { cursors: [null] };

export function currentCursor(trail: CursorTrail): string | null {
  return trail.cursors[trail.cursors.length - 1] ?? null;
}

export function forward(trail: CursorTrail, next: string): CursorTrail {
  return { cursors: [...trail.cursors, next] };
}

export function back(trail: CursorTrail): CursorTrail {
  return trail.cursors.length > 1 ? { cursors: trail.cursors.slice(0, -1) } : trail;
}

// ---------------------------------------------------------------------------------------------
// Labels

export function verdictLabel(verdict: FeedbackVerdict | null): string {
  return verdict === 'approved' ? 'Approved' : verdict === 'try_again' ? 'Try again' : 'No verdict yet';
}

export function statusLabel(status: FeedbackStatus, overdue: boolean): string {
  if (status === 'answered') return 'Answered';
  return overdue ? 'Overdue' : 'Waiting';
}

/** "Answer due Dec 5", or "Overdue since Dec 5". */
export function dueLabel(dueAt: string, overdue: boolean): string {
  const day = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(dueAt));
  return overdue ? `Overdue since ${day}` : `Answer due ${day}`;
}

// ---------------------------------------------------------------------------------------------
// Drawing over the frame

export const DRAW_TOOLS = ['arrow', 'line', 'circle'] as const;
export type DrawTool = (typeof DRAW_TOOLS)[number];
export const DRAW_TOOL_LABELS: Record<DrawTool, string> = { arrow: 'Arrow', line: 'Line', circle: 'Circle' };
/** The pens: colours that read on a dancer and a studio floor. */
export const DRAW_COLORS = [
  { value: '#ff3b30', label: 'Red' },
  { value: '#ffd60a', label: 'Yellow' },
  { value: '#34c759', label: 'Green' },
  { value: '#0a84ff', label: 'Blue' },
] as const;

/** A drag shorter than this (a fraction of the frame) draws nothing: it was a click. */
export const MIN_DRAG = 0.015;

const fraction = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;

/** A point of the overlay (px) as fractions of the frame; a mirrored take flips x back to the take's own frame. */
export function pointOf(x: number, y: number, width: number, height: number, mirrored = false): [number, number] {
  const fx = width > 0 ? x / width : 0;
  const fy = height > 0 ? y / height : 0;
  return [fraction(mirrored ? 1 - fx : fx), fraction(fy)];
}

/**
 * The shape a drag from `from` to `to` draws, or null for a click. A circle's centre is where the
 * drag began and its radius the drag's length in fractions of the frame's width (`aspect` = width
 * / height turns the vertical part into width fractions).
 */
export function shapeOfDrag(tool: DrawTool, from: [number, number], to: [number, number], color: string, aspect: number): DrawingShape | null {
  const dx = to[0] - from[0];
  const dy = (to[1] - from[1]) / (aspect > 0 ? aspect : 1);
  const length = Math.hypot(dx, dy);
  if (length < MIN_DRAG) return null;
  if (tool === 'circle') return { kind: 'circle', center: [fraction(from[0]), fraction(from[1])], radius: fraction(length), color };
  return { kind: tool, from: [fraction(from[0]), fraction(from[1])], to: [fraction(to[0]), fraction(to[1])], color };
}

/** The two short strokes of an arrow's head at `to`, in px. */
export function arrowHead(from: [number, number], to: [number, number], size: number): [[number, number], [number, number]] {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const wing = (turn: number): [number, number] => [to[0] - size * Math.cos(angle + turn), to[1] - size * Math.sin(angle + turn)];
  return [wing(Math.PI / 7), wing(-Math.PI / 7)];
}
