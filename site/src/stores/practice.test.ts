import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRACTICE_NEEDS_ENROLMENT, TAKE_TOO_LARGE, type PracticeLessonView } from '../../../shared/practice.ts';

/** The practice room's store against a fetch that answers like the API. */

type Answer = { status: number; body: unknown };
let handler: (path: string, init: RequestInit) => Answer | undefined;
let calls: { path: string; init: RequestInit }[];

beforeEach(() => {
  calls = [];
  handler = () => undefined;
  vi.stubGlobal('localStorage', { getItem: () => 'tok', setItem: () => undefined, removeItem: () => undefined });
  vi.stubGlobal('location', { pathname: '/courses/1/modules/2/lessons/7', search: '', hash: '', assign: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push({ path: String(input), init });
      const answer = handler(String(input), init) ?? { status: 404, body: { message: 'Not found' } };
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function load() {
  vi.resetModules();
  return import('./practice.ts');
}

const room = (takes: number): PracticeLessonView => ({
  lesson: { id: 7, title: 'Positions to the count', course_id: 1, course_title: 'Ballet', module_id: 2 },
  reference: { url: '/uploads/demo/clip.webm?exp=1&sig=x', poster: null },
  takes: Array.from({ length: takes }, (_, i) => ({ id: i + 1 }) as PracticeLessonView['takes'][number]),
  offer: { mode: 'included', response_days: 3, included_reviews: 3, included_left: 2, credits_left: 0, pack: null },
  limits: { max_seconds: 180, max_bytes: 250 * 1024 * 1024, quota_bytes: 1024 * 1024 * 1024, used_bytes: 0 },
  requires_approved_take: false,
  approved: false,
});

const take = { file: new Blob(['webm'], { type: 'video/webm' }), name: 'take.webm', source: 'recorded' as const, duration_ms: 2400.4, ref_start_ms: 4000, ref_end_ms: 6400, speed: 0.75, offset_ms: 120 };

describe('the practice room store', () => {
  it('opens a lesson’s room, and says why it cannot be opened in the API’s words', async () => {
    handler = (path) => (path === '/api/practice/lessons/7' ? { status: 200, body: room(1) } : { status: 403, body: { message: PRACTICE_NEEDS_ENROLMENT } });
    const store = await load();
    await store.loadPractice(7);
    const ready = store.$practice.get();
    expect(ready.status === 'ready' && ready.data.takes).toHaveLength(1);
    await store.loadPractice(8);
    expect(store.$practice.get()).toMatchObject({ status: 'error', message: PRACTICE_NEEDS_ENROLMENT, forbidden: true });
    store.closePractice();
    expect(store.$practice.get()).toEqual({ status: 'idle' });
  });

  it('sends a take as multipart with its timing, then reads the room again', async () => {
    let reads = 0;
    handler = (path, init) => {
      if (path === '/api/practice/lessons/7') return { status: 200, body: room(reads++ === 0 ? 0 : 1) };
      if (path === '/api/practice/lessons/7/takes' && init.method === 'POST') return { status: 201, body: { id: 9 } };
      return undefined;
    };
    const store = await load();
    await store.loadPractice(7);
    const progress: number[] = [];
    const view = await store.keepTake(7, take, (s) => progress.push(s), fetch);
    expect(view).toEqual({ id: 9 });
    expect(progress).toEqual([1]);
    const sent = calls.find((c) => c.path.endsWith('/takes'))!;
    expect(new Headers(sent.init.headers).get('authorization')).toBe('Bearer tok');
    const form = sent.init.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'file'))).toEqual({
      source: 'recorded',
      duration_ms: '2400',
      ref_start_ms: '4000',
      ref_end_ms: '6400',
      speed: '0.75',
      offset_ms: '120',
    });
    expect((form.get('file') as File).name).toBe('take.webm');
    const after = store.$practice.get();
    expect(after.status === 'ready' && after.data.takes).toHaveLength(1);
  });

  it('leaves out an unknown end, and throws the API’s refusal', async () => {
    handler = (path) => (path.endsWith('/takes') ? { status: 413, body: { message: TAKE_TOO_LARGE } } : undefined);
    const store = await load();
    expect(store.takeForm({ ...take, ref_end_ms: null }).has('ref_end_ms')).toBe(false);
    await expect(store.keepTake(7, take, () => undefined, fetch)).rejects.toMatchObject({ status: 413, message: TAKE_TOO_LARGE });
  });

  it('asks for feedback with the question trimmed, lines a take up and deletes it', async () => {
    handler = (path, init) => {
      if (path === '/api/practice/takes/3/feedback' && init.method === 'POST') return { status: 201, body: { id: 11 } };
      if (path === '/api/practice/takes/3' && init.method === 'PATCH') return { status: 200, body: { id: 3, offset_ms: 200 } };
      if (path === '/api/practice/takes/3' && init.method === 'DELETE') return { status: 204, body: null };
      return undefined;
    };
    const store = await load();
    expect(await store.askForFeedback(3, '  my spot on 5–6  ')).toEqual({ id: 11 });
    expect(JSON.parse(String(calls.at(-1)!.init.body))).toEqual({ question: 'my spot on 5–6' });
    expect(await store.saveTakeOffset(3, 199.6)).toMatchObject({ offset_ms: 200 });
    expect(JSON.parse(String(calls.at(-1)!.init.body))).toEqual({ offset_ms: 200 });
    await store.deleteTake(3);
    expect(calls.at(-1)!.init.method).toBe('DELETE');
  });
});
