import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_NOT_OFFERED,
  NO_CREDITS_LEFT,
  NO_REVIEWS_LEFT,
  TAKE_QUOTA_FULL,
  TAKE_TOO_LARGE,
  TAKE_TOO_LONG,
  TAKE_WRONG_TYPE,
  WRITE_A_QUESTION,
  type FeedbackOffer,
} from '../../../../shared/practice.ts';
import {
  askState,
  feedbackStatus,
  nudged,
  offerSummary,
  offsetLabel,
  questionProblem,
  recorderType,
  recordingName,
  recordingStart,
  sizeLabel,
  spaceLabel,
  takeProblem,
  takeType,
} from './take-rules.ts';

const MB = 1024 * 1024;
const limits = { max_seconds: 180, max_bytes: 250 * MB, quota_bytes: 1024 * MB, used_bytes: 900 * MB };

const offer = (over: Partial<FeedbackOffer>): FeedbackOffer => ({
  mode: 'included',
  response_days: 3,
  included_reviews: 3,
  included_left: 0,
  credits_left: 0,
  pack: null,
  ...over,
});

describe('what a take may be before it is sent', () => {
  it('reads the type without its codecs, or from the extension when the browser names none', () => {
    expect(takeType('video/webm;codecs=vp8')).toBe('video/webm');
    expect(takeType('', 'dance.MOV')).toBe('video/quicktime');
    expect(takeType('application/octet-stream', 'dance.mp4')).toBe('video/mp4');
    expect(takeType('image/png', 'dance.mp4')).toBeNull();
    expect(takeType('', 'notes.txt')).toBeNull();
  });

  it('says the first limit broken, in the API’s words', () => {
    const ok = { type: 'video/mp4', name: 'a.mp4', size: 10 * MB, durationMs: 60_000 };
    expect(takeProblem(ok, limits)).toBeNull();
    expect(takeProblem({ ...ok, type: 'image/jpeg' }, limits)).toBe(TAKE_WRONG_TYPE);
    expect(takeProblem({ ...ok, size: 251 * MB }, limits)).toBe(TAKE_TOO_LARGE);
    expect(takeProblem({ ...ok, durationMs: 180_001 }, limits)).toBe(TAKE_TOO_LONG);
    expect(takeProblem({ ...ok, durationMs: 180_000 }, limits)).toBeNull();
    // 900 MB used of 1 GB: 124 MB more fits, 125 MB does not.
    expect(takeProblem({ ...ok, size: 124 * MB }, limits)).toBeNull();
    expect(takeProblem({ ...ok, size: 125 * MB }, limits)).toBe(TAKE_QUOTA_FULL);
    // A length not known yet is not held against the file.
    expect(takeProblem({ ...ok, durationMs: null }, limits)).toBeNull();
  });
});

describe('recording', () => {
  it('records the first type the browser supports', () => {
    expect(recorderType((t) => t === 'video/webm;codecs=vp8' || t === 'video/mp4')).toBe('video/webm;codecs=vp8');
    expect(recorderType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(recorderType(() => false)).toBeNull();
  });

  it('names a recording after its moment and type', () => {
    const at = new Date(2026, 11, 3, 9, 5);
    expect(recordingName('video/webm', at)).toBe('take-2026-12-03-0905.webm');
    expect(recordingName('video/mp4', at)).toBe('take-2026-12-03-0905.mp4');
  });

  it('starts the clip at A of the loop, else where it stands, from the top at its end', () => {
    expect(recordingStart(4, 12, 18)).toBe(4);
    expect(recordingStart(null, 6.5, 18)).toBe(6.5);
    expect(recordingStart(null, 17.8, 18)).toBe(0);
    expect(recordingStart(null, Number.NaN, undefined)).toBe(0);
  });
});

describe('asking for feedback', () => {
  it('spends included reviews first, then credits', () => {
    expect(askState(offer({ included_left: 2, credits_left: 4 }))).toEqual({ kind: 'ask', uses: 'Uses 1 of the 2 reviews left with this course.' });
    expect(askState(offer({ mode: 'credits', credits_left: 1 }))).toEqual({ kind: 'ask', uses: 'Uses 1 of your 1 feedback credit.' });
  });

  it('offers the pack when the credits are used, and says so when included reviews are', () => {
    const buy = askState(offer({ mode: 'credits', pack: { credits: 5, price_cents: 2500 } }));
    expect(buy).toMatchObject({ kind: 'buy', message: NO_CREDITS_LEFT });
    expect(buy.kind === 'buy' && buy.label).toMatch(/^Buy feedback credits: 5 for \$25(\.00)?$/);
    expect(askState(offer({ included_left: 0 }))).toEqual({ kind: 'used', message: NO_REVIEWS_LEFT });
    expect(askState(offer({ mode: 'none' }))).toEqual({ kind: 'closed', message: FEEDBACK_NOT_OFFERED });
  });

  it('summarises the offer', () => {
    expect(offerSummary(offer({ included_left: 1 }))).toBe('1 of your 3 included reviews left. Instructors answer within 3 days.');
    expect(offerSummary(offer({ mode: 'credits', credits_left: 0, response_days: 1 }))).toBe('You have 0 feedback credits. Instructors answer within 1 day.');
    expect(offerSummary(offer({ mode: 'none' }))).toBe(FEEDBACK_NOT_OFFERED);
  });

  it('asks for a question', () => {
    expect(questionProblem('   ')).toBe(WRITE_A_QUESTION);
    expect(questionProblem('My turn on 5-6')).toBeNull();
    expect(questionProblem('x'.repeat(1001))).toMatch(/at most 1000 characters/);
  });

  it('names the state of a take’s feedback', () => {
    expect(feedbackStatus(null).text).toBe('Not sent for feedback');
    expect(feedbackStatus({ id: 1, status: 'waiting', verdict: null }).text).toBe('Waiting for feedback');
    expect(feedbackStatus({ id: 1, status: 'answered', verdict: 'approved' }).tone).toBe('approved');
    expect(feedbackStatus({ id: 1, status: 'answered', verdict: 'try_again' }).text).toBe('Try again');
  });
});

describe('lining up and labels', () => {
  it('nudges within a minute either way', () => {
    expect(nudged(0, 100)).toBe(100);
    expect(nudged(59_900, 500)).toBe(60_000);
    expect(nudged(-59_900, -500)).toBe(-60_000);
  });

  it('shows offsets, sizes and space', () => {
    expect([0, 300, -1250, 2000, 4].map(offsetLabel)).toEqual(['0 s', '+0.3 s', '−1.25 s', '+2 s', '0 s']);
    expect([2048, 12.34 * MB, 1024 * MB].map(sizeLabel)).toEqual(['2 KB', '12.3 MB', '1 GB']);
    expect(spaceLabel({ ...limits, used_bytes: 0 })).toBe('Nothing of 1 GB used');
  });
});
