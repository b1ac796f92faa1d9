import { randomBytes } from 'node:crypto';
import Database from 'libsql';
import {
  HttpError,
  RequestError,
  bindingsOf,
  condNeedsV3,
  encodeStmtResult,
  errorOf,
  evaluateCond,
  type BatchStep,
  type Column,
  type SqlValue,
  type StepOutcome,
  type Stmt,
  type StmtOutcome,
  type StreamRequest,
} from './protocol.ts';
import { isExplain, parameterNames } from './sql-scan.ts';

/**
 * The database side of the local Hrana server: connections to one libSQL file through the native
 * driver (`libsql`, the driver `@libsql/client` itself uses for `file:` URLs), and the streams of
 * the protocol with their batons.
 *
 * Every request runs synchronously from its first statement to its last, so requests never
 * interleave. The only state kept between requests is a stream's open transaction: while one
 * stream holds one, other streams wait for their turn (SQLite has one writer; sqld makes writers
 * wait too), and a stream left idle for `STREAM_IDLE_MS` is rolled back and closed.
 */

type Driver = InstanceType<typeof Database>;
type Prepared = ReturnType<Driver['prepare']>;

/** How long a stream may sit unused before it is rolled back and closed (libSQL servers use 10 s). */
export const STREAM_IDLE_MS = 10_000;
const STATEMENT_CACHE = 256;
const IDLE_CONNECTIONS = 8;
const MAX_STORED_SQL = 1000;

interface CachedStatement {
  stmt: Prepared;
  /** Whether it returns rows (a SELECT, or a write with RETURNING). */
  reader: boolean;
}

/** One SQLite connection with its prepared statements. */
export class Connection {
  readonly driver: Driver;
  readonly #statements = new Map<string, CachedStatement>();
  readonly #counters: Prepared;

  constructor(file: string) {
    this.driver = new Database(file, { timeout: 5 });
    // Foreign keys are on in libSQL's builds already; said anyway, as a libSQL server does.
    this.driver.exec('PRAGMA foreign_keys = ON');
    this.#counters = this.driver.prepare('SELECT changes(), last_insert_rowid(), total_changes()');
    this.#counters.raw(true);
    this.#counters.safeIntegers(true);
  }

  get autocommit(): boolean {
    return !this.driver.inTransaction;
  }

  #prepare(sql: string): CachedStatement {
    let cached = this.#statements.get(sql);
    if (cached) {
      // Most recently used last, so the oldest is the first to go.
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const stmt = this.driver.prepare(sql);
    stmt.safeIntegers(true);
    let reader = true;
    try {
      stmt.raw(true);
    } catch {
      // The driver refuses raw mode for statements that return no rows.
      reader = false;
    }
    cached = { stmt, reader };
    this.#statements.set(sql, cached);
    if (this.#statements.size > STATEMENT_CACHE) this.#statements.delete(this.#statements.keys().next().value!);
    return cached;
  }

  #counts(): [bigint, bigint, bigint] {
    return this.#counters.get([]) as [bigint, bigint, bigint];
  }

  execute(sql: string, stmt: Stmt): StmtOutcome {
    const { stmt: prepared, reader } = this.#prepare(sql);
    const bindings = bindingsOf(stmt);
    if (!reader) {
      const info = prepared.run(bindings as never);
      return { cols: [], rows: [], affectedRowCount: info.changes, lastInsertRowid: BigInt(info.lastInsertRowid) };
    }
    const before = this.#counts()[2];
    const rows = prepared.all(bindings as never) as SqlValue[][];
    const cols: Column[] = prepared.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
    const [changes, rowid, total] = this.#counts();
    // A write with RETURNING changed rows; a SELECT leaves the counters where they were.
    const wrote = total !== before;
    return { cols, rows: stmt.wantRows ? rows : [], affectedRowCount: wrote ? Number(changes) : 0, lastInsertRowid: wrote ? rowid : null };
  }

  /** `EXPLAIN` tells whether a statement writes: its Transaction opcode opens a write transaction. */
  describe(sql: string) {
    const { stmt } = this.#prepare(sql);
    const cols = stmt.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
    const explain = isExplain(sql);
    let readonly = true;
    if (!explain) {
      const plan = this.driver.prepare(`EXPLAIN ${sql}`);
      plan.raw(false);
      for (const row of plan.all() as { opcode: string; p2: number | bigint }[]) {
        if (row.opcode === 'Transaction' && Number(row.p2) !== 0) readonly = false;
      }
    }
    return { params: parameterNames(sql).map((name) => ({ name })), cols, is_explain: explain, is_readonly: readonly };
  }

  sequence(sql: string): void {
    this.driver.exec(sql);
  }

  /** Leaves the connection as a new one: no transaction, foreign keys on. */
  reset(): void {
    if (this.driver.inTransaction) this.driver.exec('ROLLBACK');
    this.driver.exec('PRAGMA foreign_keys = ON');
  }

  close(): void {
    this.driver.close();
  }
}

/** A stream of the protocol: one connection, its stored SQL texts, and the baton that names it. */
export class Stream {
  readonly id: number;
  readonly conn: Connection;
  readonly sqls = new Map<number, string>();
  baton: string | null = null;
  lastUsed = Date.now();
  busy = false;
  closed = false;

  constructor(id: number, conn: Connection) {
    this.id = id;
    this.conn = conn;
  }
}

export interface EngineOptions {
  file: string;
  /** How long an unused stream lives (default STREAM_IDLE_MS). */
  idleMs?: number;
  /** Called with the SQL of every statement run (a log for development). */
  onStatement?: (sql: string, stream: number) => void;
}

/** The streams on one database file, the connection pool, and the turn of the one open transaction. */
export class Engine {
  readonly file: string;
  readonly #idleMs: number;
  readonly #onStatement: EngineOptions['onStatement'];
  readonly #byBaton = new Map<string, Stream>();
  readonly #streams = new Set<Stream>();
  readonly #pool: Connection[] = [];
  #nextId = 1;
  /** HTTP requests on streams so far (pipelines and cursors): a client's round trips. */
  requests = 0;
  /** The stream whose connection is inside a transaction between requests, if any. */
  #holder: Stream | null = null;
  #waiters: (() => void)[] = [];
  readonly #sweeper: NodeJS.Timeout;

  constructor(options: EngineOptions) {
    this.file = options.file;
    this.#idleMs = options.idleMs ?? STREAM_IDLE_MS;
    this.#onStatement = options.onStatement;
    // WAL lets the Node server or a test read the same file while this server writes.
    const setup = new Connection(this.file);
    setup.driver.exec('PRAGMA journal_mode = WAL');
    this.#pool.push(setup);
    this.#sweeper = setInterval(() => this.#expire(), Math.min(1000, this.#idleMs)).unref();
  }

  get openStreams(): number {
    return this.#streams.size;
  }

  /** The stream a baton names (taking the baton: each one is good for one request), or a new one. */
  open(baton: string | null): Stream {
    this.requests++;
    if (baton !== null) {
      const stream = this.#byBaton.get(baton);
      if (!stream) throw new HttpError(400, 'The stream has expired or its baton is not valid', 'STREAM_EXPIRED');
      this.#byBaton.delete(baton);
      stream.baton = null;
      stream.busy = true;
      return stream;
    }
    const stream = new Stream(this.#nextId++, this.#pool.pop() ?? new Connection(this.file));
    stream.busy = true;
    this.#streams.add(stream);
    return stream;
  }

  /** Waits while another stream holds a transaction open. */
  async turn(stream: Stream): Promise<void> {
    while (this.#holder !== null && this.#holder !== stream) {
      await new Promise<void>((wake) => this.#waiters.push(wake));
    }
  }

  /** After a request: a new baton for the stream, or nothing when it closed. */
  finish(stream: Stream): string | null {
    stream.busy = false;
    stream.lastUsed = Date.now();
    if (stream.closed) return null;
    if (!stream.conn.autocommit) this.#holder = stream;
    else if (this.#holder === stream) this.#release();
    const baton = `${stream.id}.${randomBytes(18).toString('base64url')}`;
    stream.baton = baton;
    this.#byBaton.set(baton, stream);
    return baton;
  }

  /** Closes a stream: its transaction rolled back, its connection back in the pool. */
  close(stream: Stream): void {
    if (!this.#streams.delete(stream)) return;
    stream.closed = true;
    if (stream.baton) this.#byBaton.delete(stream.baton);
    stream.baton = null;
    try {
      stream.conn.reset();
      if (this.#pool.length < IDLE_CONNECTIONS) this.#pool.push(stream.conn);
      else stream.conn.close();
    } catch {
      stream.conn.close();
    }
    if (this.#holder === stream) this.#release();
  }

  #release(): void {
    this.#holder = null;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  #expire(): void {
    const now = Date.now();
    for (const stream of this.#streams) {
      if (!stream.busy && now - stream.lastUsed > this.#idleMs) this.close(stream);
    }
  }

  /** Runs one request of a pipeline on the stream. `version` gates what only Hrana 3 has. */
  handle(stream: Stream, request: StreamRequest, version: 2 | 3): unknown {
    if (stream.closed) throw new RequestError('The stream is closed', 'STREAM_CLOSED');
    switch (request.type) {
      case 'close':
        this.close(stream);
        return { type: 'close' };
      case 'execute':
        return { type: 'execute', result: encodeStmtResult(this.#execute(stream, request.stmt)) };
      case 'batch':
        if (version < 3 && request.steps.some((s) => s.condition && condNeedsV3(s.condition))) {
          throw new RequestError('The is_autocommit condition needs Hrana 3', 'PROTOCOL_VERSION');
        }
        return { type: 'batch', result: this.batch(stream, request.steps) };
      case 'sequence':
        stream.conn.sequence(this.#sqlOf(stream, request));
        return { type: 'sequence' };
      case 'describe':
        return { type: 'describe', result: stream.conn.describe(this.#sqlOf(stream, request)) };
      case 'store_sql':
        if (stream.sqls.has(request.sqlId)) throw new HttpError(400, `SQL text ${request.sqlId} is stored already`, 'PROTOCOL_ERROR');
        if (stream.sqls.size >= MAX_STORED_SQL) throw new HttpError(400, 'Too many SQL texts stored on one stream', 'PROTOCOL_ERROR');
        stream.sqls.set(request.sqlId, request.sql);
        return { type: 'store_sql' };
      case 'close_sql':
        stream.sqls.delete(request.sqlId);
        return { type: 'close_sql' };
      case 'get_autocommit':
        if (version < 3) throw new RequestError('get_autocommit needs Hrana 3', 'PROTOCOL_VERSION');
        return { type: 'get_autocommit', is_autocommit: stream.conn.autocommit };
    }
  }

  #sqlOf(stream: Stream, ref: { sql?: string; sqlId?: number }): string {
    if (ref.sql !== undefined) return ref.sql;
    const sql = stream.sqls.get(ref.sqlId!);
    if (sql === undefined) throw new RequestError(`SQL text ${ref.sqlId} is not stored on this stream`, 'SQL_NOT_FOUND');
    return sql;
  }

  #execute(stream: Stream, stmt: Stmt): StmtOutcome {
    const sql = this.#sqlOf(stream, stmt);
    this.#onStatement?.(sql, stream.id);
    return stream.conn.execute(sql, stmt);
  }

  /** Runs the steps whose conditions hold; a failed step is reported in place, the rest go on. */
  batch(stream: Stream, steps: BatchStep[]) {
    const results: (ReturnType<typeof encodeStmtResult> | null)[] = [];
    const errors: (ReturnType<typeof errorOf> | null)[] = [];
    this.runSteps(stream, steps, {
      ok: (_, outcome) => {
        results.push(encodeStmtResult(outcome));
        errors.push(null);
      },
      error: (_, error) => {
        results.push(null);
        errors.push(error);
      },
      skipped: () => {
        results.push(null);
        errors.push(null);
      },
    });
    return { step_results: results, step_errors: errors };
  }

  /** The batch with a callback per step, shared by `batch` and the cursor endpoint. */
  runSteps(
    stream: Stream,
    steps: BatchStep[],
    on: { ok: (step: number, outcome: StmtOutcome) => void; error: (step: number, error: ReturnType<typeof errorOf>) => void; skipped: (step: number) => void },
  ): void {
    const outcomes: StepOutcome[] = [];
    const isAutocommit = () => stream.conn.autocommit;
    steps.forEach((step, i) => {
      if (step.condition && !evaluateCond(step.condition, outcomes, isAutocommit)) {
        outcomes.push('skipped');
        on.skipped(i);
        return;
      }
      let outcome: StmtOutcome;
      try {
        outcome = this.#execute(stream, step.stmt);
      } catch (err) {
        outcomes.push('error');
        on.error(i, errorOf(err));
        return;
      }
      outcomes.push('ok');
      on.ok(i, outcome);
    });
  }

  /** Closes every stream and connection. */
  shutdown(): void {
    clearInterval(this.#sweeper);
    for (const stream of [...this.#streams]) this.close(stream);
    for (const conn of this.#pool.splice(0)) conn.close();
    this.#release();
  }
}
