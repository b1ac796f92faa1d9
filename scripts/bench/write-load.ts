import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { cartItems, sessions, users } from '../../db/schema/index.ts';
import { answersFor, buildCourse } from '../../tests/support/learning-factories.ts';
import { createEnrollment } from '../../tests/support/course-factories.ts';
import { hashToken } from '../../worker/src/domain/tokens.ts';
import { createDb } from '../../worker/src/platform/db.ts';
import { openEmbeddedClient } from '../../worker/src/platform/node-db.ts';

/**
 * The write path of `npm run bench`, at 20 connections, each request answered 2xx:
 * - with a p99 target: POST /api/enrollments (a free course, each request a learner who is not
 *   enrolled yet) and POST of a quiz attempt (a failing one; unlimited attempts, no wait). Each quiz learner
 *   makes at most ATTEMPTS_PER_LEARNER attempts, spread over the run as a class would: until 23
 *   Nov the bench's 20 learners made ~165 each, and every attempt then read and checked a history
 *   no learner has;
 * - with no latency target (p99 reported): POST /api/cart (a learner adds a paid course to an
 *   empty cart) and POST /api/checkout (a learner with that course in the cart starts a checkout with the test provider: the order,
 *   its items and the provider's session are written).
 * Learners and their sessions (and the checkout learners' carts) are written straight into the
 * running server's database file beforehand (one shared password hash: signing up is not what is
 * measured).
 */

export interface WriteMeasure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Answers that were 5xx or said SQLITE_BUSY / database is locked, plus socket errors. */
  busy: number;
  /** The first answer that was not 2xx, to say why. */
  firstFailure?: string;
  /** The server's CPU time per request in µs (user + system), when its pid was given: steadier than latency on a busy machine. */
  cpuUs?: number;
  /** The p99 target in ms (enrolment, quiz attempt); none: the row reports p99 and errors (cart, checkout). */
  p99Target?: number;
}

/** The writes' target (decision 0028): p99 ≤ 20 ms with 0 busy errors at 20 connections. */
const WRITE_P99_TARGET_MS = 20;

/** CPU time (user + system) a process used so far, in µs (Linux clock ticks of 10 ms). */
function processCpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export const WRITE_CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 20);
/**
 * Requests of each kind before the measured ones, on the same connections. With 300 the first
 * ~400 ms measured still held most answers over 20 ms (the JIT's later tiers, 26 Nov); 1000 is
 * ~0.7 s at this load.
 */
const WARM_UP = 1000;
/**
 * BENCH_WRITE_KINDS=enrol,quiz,cart,checkout (comma-separated) measures only those writes (the
 * others' learners are still prepared, so a run is the same but for what is loaded). Unset: all.
 */
const WRITE_KINDS = process.env.BENCH_WRITE_KINDS?.split(',').map((k) => k.trim());
/** Attempts each quiz learner makes, all failing; a class's learners take a quiz a few times, not 150. */
const ATTEMPTS_PER_LEARNER = 3;

interface Learner {
  id: number;
  token: string;
}

// A fixed scrypt hash: nobody signs in with these learners' passwords.
const PLACEHOLDER_HASH = 'scrypt$bench$not-a-real-hash';

async function createLearners(db: ReturnType<typeof createDb>, count: number, tag: string): Promise<Learner[]> {
  const learners: Learner[] = [];
  const expiresAt = new Date(Date.now() + 24 * 3600_000).toISOString();
  for (let start = 0; start < count; start += 200) {
    const batch = Array.from({ length: Math.min(200, count - start) }, (_, i) => `bench-${tag}-${start + i}`);
    const rows = await db
      .insert(users)
      .values(batch.map((username) => ({ username, email: null, passwordHash: PLACEHOLDER_HASH, firstName: 'Bench', lastName: 'Learner' })))
      .returning({ id: users.id });
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await db.insert(sessions).values(
      rows.map((r, i) => ({ userId: r.id, tokenHash: hashToken(tokens[i]!), expiresAt, lastSeenAt: new Date().toISOString() })),
    );
    rows.forEach((r, i) => learners.push({ id: r.id, token: tokens[i]! }));
  }
  return learners;
}

function isBusy(status: number, body: string): boolean {
  return status >= 500 || /SQLITE_BUSY|database is locked/i.test(body);
}

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/**
 * One autocannon run of `warmUp + amount` requests on the same 20 connections. The first `warmUp`
 * answers warm the JIT, the statement caches and the connections and are not measured (until
 * 26 Nov the warm-up was a run of its own on connections closed before the measured run: the
 * measured run then began with 20 new connections at once, and most answers over 20 ms came in
 * its first 200 ms, decision 0034). Latency is each measured request's, from its being written to
 * its answer read, in ms; the server's CPU is read when the warm-up's last answer arrives and at
 * the end. Non-2xx answers and errors are counted over the whole run, warm-up included.
 */
async function run(
  name: string,
  url: string,
  warmUp: number,
  amount: number,
  request: (i: number) => { path: string; body: string; token: string },
  serverPid?: number,
): Promise<WriteMeasure> {
  let next = 0;
  let answered = 0;
  let busy = 0;
  let non2xx = 0;
  let firstFailure: string | undefined;
  let cpuBefore = 0;
  let measuredFrom = 0;
  const latencies: number[] = [];
  if (warmUp === 0 && serverPid !== undefined) cpuBefore = processCpuUs(serverPid);
  const result = await autocannon({
    url,
    connections: WRITE_CONNECTIONS,
    amount: warmUp + amount,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context: { sentAt?: number }) => {
          const r = request(next++);
          context.sentAt = performance.now();
          return { ...req, path: r.path, body: r.body, headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${r.token}` } };
        },
        onResponse: (status, body, context: { sentAt?: number }) => {
          const now = performance.now();
          answered++;
          if (answered > warmUp) latencies.push(now - context.sentAt!);
          if (answered === warmUp) {
            measuredFrom = now;
            if (serverPid !== undefined) cpuBefore = processCpuUs(serverPid);
          }
          if (status < 200 || status > 299) non2xx++;
          if (isBusy(status, body)) busy++;
          if ((status < 200 || status > 299) && firstFailure === undefined) firstFailure = `${status} ${body.slice(0, 200)}`;
        },
      },
    ],
  });
  const seconds = (performance.now() - (measuredFrom || performance.now())) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: latencies.length / (seconds || 1),
    p50: Math.round(percentile(latencies, 0.5) * 10) / 10,
    p99: Math.round(percentile(latencies, 0.99) * 10) / 10,
    requests: latencies.length,
    non2xx,
    busy: busy + result.errors,
    ...(firstFailure !== undefined ? { firstFailure } : {}),
    ...(serverPid !== undefined ? { cpuUs: (processCpuUs(serverPid) - cpuBefore) / Math.max(1, latencies.length) } : {}),
  };
}

/** Prepares the learners and the courses in the database file of the running server, then loads it. */
export async function measureWrites(baseUrl: string, databaseFile: string, amount = 3000, serverPid?: number): Promise<WriteMeasure[]> {
  const client = await openEmbeddedClient(databaseFile);
  const db = createDb(client);
  try {
    const tag = randomBytes(3).toString('hex');
    // The enrolment course and the quiz course (one module: a text lesson and a quiz of three questions).
    const enrolCourse = await buildCourse(db, { title: `Bench enrolment ${tag}`, priceCents: 0 });
    const quizCourse = await buildCourse(db, { title: `Bench quiz ${tag}`, priceCents: 0 });
    const quiz = quizCourse.quizzes[0]!;
    // What a buyer puts in the cart and checks out: a published paid course.
    const paidCourse = await buildCourse(db, { title: `Bench purchase ${tag}`, priceCents: 4900 });
    const perRun = WARM_UP + amount + WRITE_CONNECTIONS * 2;
    const enrolLearners = await createLearners(db, perRun, `e${tag}`);
    const quizLearners = await createLearners(db, Math.ceil(perRun / ATTEMPTS_PER_LEARNER), `q${tag}`);
    for (const l of quizLearners) await createEnrollment(db, l.id, quizCourse.id);
    const cartLearners = await createLearners(db, perRun, `c${tag}`);
    const buyers = await createLearners(db, perRun, `b${tag}`);
    for (let start = 0; start < buyers.length; start += 500) {
      await db.insert(cartItems).values(buyers.slice(start, start + 500).map((b) => ({ userId: b.id, kind: 'COURSE' as const, itemId: paidCourse.id, quantity: 1 })));
    }
    const enrolBody = JSON.stringify({ courseId: enrolCourse.id });
    // Attempts that fail: a passed quiz takes no more attempts (409), so each learner could pass once only.
    const failing = JSON.stringify({ answers: answersFor(quiz, 3) });
    const cartBody = JSON.stringify({ type: 'COURSE', itemId: paidCourse.id });
    const checkoutBody = JSON.stringify({});

    // Each learner enrols, adds to the cart or checks out once, and makes its attempts one round of
    // the class apart: the warm-up and the measured run take learners from one list.
    const taker = (learners: Learner[]) => {
      let taken = 0;
      return () => learners[taken++ % learners.length]!.token;
    };
    const enrolling = taker(enrolLearners);
    const attempting = taker(quizLearners);
    const adding = taker(cartLearners);
    const buying = taker(buyers);
    const enrolment = () => ({ path: '/api/enrollments', body: enrolBody, token: enrolling() });
    const attempt = () => ({ path: `/api/learn/quizzes/${quiz.id}/attempts`, body: failing, token: attempting() });
    const cartAdd = () => ({ path: '/api/cart', body: cartBody, token: adding() });
    const checkout = () => ({ path: '/api/checkout', body: checkoutBody, token: buying() });
    const kinds = [
      ['enrol', 'POST /api/enrollments (free course)', enrolment, WRITE_P99_TARGET_MS],
      ['quiz', 'POST quiz attempt (failing)', attempt, WRITE_P99_TARGET_MS],
      ['cart', 'POST /api/cart (add a paid course)', cartAdd, undefined],
      ['checkout', 'POST /api/checkout (from the cart)', checkout, undefined],
    ] as const;
    const measured: WriteMeasure[] = [];
    for (const [kind, name, request, p99Target] of kinds) {
      if (WRITE_KINDS && !WRITE_KINDS.includes(kind)) continue;
      // The warm-up (the JIT, the statement caches, the connections), then the measured requests, in one run.
      const m = await run(name, baseUrl, WARM_UP, amount, request, serverPid);
      measured.push(p99Target === undefined ? m : { ...m, p99Target });
    }
    return measured;
  } finally {
    client.close();
  }
}
