import { describe, expect, it } from 'vitest';
import { referenceTimeAt } from '../../../shared/take-sync.ts';
import {
  activeNotes,
  arrowHead,
  back,
  currentCursor,
  FIRST_PAGE,
  forward,
  momentAt,
  NOTE_SHOW_MS,
  pointOf,
  queueAddressOf,
  queueFiltersOf,
  queueQueryOf,
  shapeOfDrag,
  statusLabel,
  timelinePercent,
  verdictLabel,
} from './feedback.ts';
import { FRAME_MS, needsResync, stepTarget } from './synced-videos.ts';

describe('notes at a moment of the take', () => {
  const notes = [
    { id: 1, at_ms: 1000 },
    { id: 2, at_ms: 2000 },
    { id: 3, at_ms: 9000 },
  ];

  it('shows a note from its moment for NOTE_SHOW_MS, not before', () => {
    expect(activeNotes(notes, 998).map((n) => n.id)).toEqual([]);
    expect(activeNotes(notes, 1000).map((n) => n.id)).toEqual([1]);
    expect(activeNotes(notes, 2500).map((n) => n.id)).toEqual([1, 2]);
    expect(activeNotes(notes, 1000 + NOTE_SHOW_MS).map((n) => n.id)).toEqual([2]);
    expect(activeNotes(notes, 20_000)).toEqual([]);
  });

  it('places moments on the timeline and reads a click back as a moment', () => {
    expect(timelinePercent(3000, 12_000)).toBe(25);
    expect(timelinePercent(-5, 12_000)).toBe(0);
    expect(timelinePercent(50_000, 12_000)).toBe(100);
    expect(timelinePercent(10, 0)).toBe(0);
    expect(momentAt(0.25, 12_000)).toBe(3000);
    expect(momentAt(1.4, 12_000)).toBe(12_000);
    expect(momentAt(-1, 12_000)).toBe(0);
  });
});

describe('the queue address', () => {
  it('reads the tab and filters, ignoring what is not an id or a tab', () => {
    expect(queueFiltersOf('?status=overdue&course_id=4&learner_id=9')).toEqual({ status: 'overdue', courseId: 4, learnerId: 9 });
    expect(queueFiltersOf('?status=everything&course_id=-1&learner_id=x')).toEqual({ status: 'waiting', courseId: null, learnerId: null });
    expect(queueFiltersOf('')).toEqual({ status: 'waiting', courseId: null, learnerId: null });
  });

  it('writes the API query and the page address', () => {
    const filters = { status: 'answered' as const, courseId: 4, learnerId: null };
    expect(queueQueryOf(filters, 'abc')).toEqual({ status: 'answered', course_id: '4', cursor: 'abc' });
    expect(queueQueryOf({ status: 'waiting', courseId: null, learnerId: 3 })).toEqual({ status: 'waiting', learner_id: '3' });
    expect(queueAddressOf(filters)).toBe('?status=answered&course_id=4');
    expect(queueAddressOf({ status: 'waiting', courseId: null, learnerId: null })).toBe('');
  });

  it('goes forward by the page cursor and back along the cursors already read', () => {
    let trail = FIRST_PAGE;
    expect(currentCursor(trail)).toBeNull();
    trail = forward(trail, 'p2');
    trail = forward(trail, 'p3');
    expect(currentCursor(trail)).toBe('p3');
    trail = back(trail);
    expect(currentCursor(trail)).toBe('p2');
    trail = back(back(trail));
    expect(trail).toEqual(FIRST_PAGE);
  });
});

describe('labels', () => {
  it('names the status and the verdict', () => {
    expect(statusLabel('waiting', false)).toBe('Waiting');
    expect(statusLabel('waiting', true)).toBe('Overdue');
    expect(statusLabel('answered', true)).toBe('Answered');
    expect(verdictLabel('approved')).toBe('Approved');
    expect(verdictLabel('try_again')).toBe('Try again');
    expect(verdictLabel(null)).toBe('No verdict yet');
  });
});

describe('drawing over the frame', () => {
  it('turns pointer pixels into frame fractions, flipped back on a mirrored take', () => {
    expect(pointOf(160, 90, 640, 360)).toEqual([0.25, 0.25]);
    expect(pointOf(160, 90, 640, 360, true)).toEqual([0.75, 0.25]);
    expect(pointOf(-20, 400, 640, 360)).toEqual([0, 1]);
  });

  it('makes a line, an arrow or a circle of a drag, and nothing of a click', () => {
    expect(shapeOfDrag('arrow', [0.1, 0.1], [0.5, 0.5], '#ff3b30', 16 / 9)).toEqual({ kind: 'arrow', from: [0.1, 0.1], to: [0.5, 0.5], color: '#ff3b30' });
    expect(shapeOfDrag('line', [0.1, 0.1], [0.105, 0.1], '#ff3b30', 16 / 9)).toBeNull();
    // A vertical drag of half the frame's height on a 2:1 frame is a quarter of its width.
    expect(shapeOfDrag('circle', [0.5, 0.25], [0.5, 0.75], '#0a84ff', 2)).toEqual({ kind: 'circle', center: [0.5, 0.25], radius: 0.25, color: '#0a84ff' });
  });

  it("draws an arrow's head back from its tip", () => {
    const [a, b] = arrowHead([0, 0], [100, 0], 10);
    expect(a[0]).toBeLessThan(100);
    expect(b[0]).toBeLessThan(100);
    expect(a[1]).toBeCloseTo(-b[1]);
  });
});

describe('two videos in step', () => {
  it('re-seeks the reference on a visible drift while playing, on half a frame when paused', () => {
    expect(needsResync(10, 10.1, true)).toBe(false);
    expect(needsResync(10, 10.2, true)).toBe(true);
    expect(needsResync(10, 10.02, false)).toBe(true);
    expect(needsResync(10, 10.01, false)).toBe(false);
  });

  it('steps a frame at a time within the take', () => {
    expect(stepTarget(1000, 1)).toBeCloseTo(1000 + FRAME_MS);
    expect(stepTarget(10, -1)).toBe(0);
    expect(stepTarget(4990, 3, 5000)).toBe(5000);
  });

  it('follows the take through the shared mapping (offset and speed)', () => {
    const timing = { ref_start_ms: 8000, ref_end_ms: 20_000, speed: 0.5, offset_ms: 1000 };
    expect(referenceTimeAt(timing, 1000)).toBe(8000);
    expect(referenceTimeAt(timing, 5000)).toBe(10_000);
  });
});
