/**
 * The JSON side of Hrana over HTTP (versions 2 and 3), as `@libsql/client` speaks it: reading
 * the request bodies, the values, batch conditions and parameter names, and writing results and
 * errors. Pure functions, no database: the engine (./engine.ts) runs the statements.
 * Facts from the protocol's public specification (docs/HRANA_3_SPEC.md of tursodatabase/libsql).
 */

/** A value as SQLite holds it, in the JavaScript types the native driver takes and gives. */
export type SqlValue = null | bigint | number | string | Uint8Array;

/** A value on the wire: integers as decimal strings (64 bits survive JSON), blobs in base64. */
export type WireValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

export interface Stmt {
  sql?: string;
  sqlId?: number;
  args: SqlValue[];
  namedArgs: { name: string; value: SqlValue }[];
  wantRows: boolean;
}

export type BatchCond =
  | { type: 'ok'; step: number }
  | { type: 'error'; step: number }
  | { type: 'not'; cond: BatchCond }
  | { type: 'and'; conds: BatchCond[] }
  | { type: 'or'; conds: BatchCond[] }
  | { type: 'is_autocommit' };

export interface BatchStep {
  condition?: BatchCond;
  stmt: Stmt;
}

export type StreamRequest =
  | { type: 'close' }
  | { type: 'execute'; stmt: Stmt }
  | { type: 'batch'; steps: BatchStep[] }
  | { type: 'sequence'; sql?: string; sqlId?: number }
  | { type: 'describe'; sql?: string; sqlId?: number }
  | { type: 'store_sql'; sqlId: number; sql: string }
  | { type: 'close_sql'; sqlId: number }
  | { type: 'get_autocommit' };

export interface PipelineRequest {
  baton: string | null;
  requests: StreamRequest[];
}

export interface CursorRequest {
  baton: string | null;
  steps: BatchStep[];
}

/** The Error structure of the protocol. */
export interface WireError {
  message: string;
  code: string;
}

export interface Column {
  name: string | null;
  decltype: string | null;
}

/** What one statement gave, before encoding. */
export interface StmtOutcome {
  cols: Column[];
  rows: SqlValue[][];
  affectedRowCount: number;
  lastInsertRowid: bigint | null;
}

/**
 * An error the whole HTTP request fails with (a malformed body, an unknown baton): the stream is
 * gone for the client. Errors of one statement are answered inside the pipeline instead.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, message: string, code: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** An error of one stream request (a statement that failed, an unknown SQL id). */
export class RequestError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

const malformed = (what: string) => new HttpError(400, `Malformed request body: ${what}`, 'PROTOCOL_ERROR');

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, what: string): Json {
  if (!isObject(value)) throw malformed(`${what} must be an object`);
  return value;
}

function arrayAt(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw malformed(`${what} must be an array`);
  return value;
}

function optionalString(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw malformed(`${what} must be a string`);
  return value;
}

function int32At(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) {
    throw malformed(`${what} must be a 32-bit integer`);
  }
  return value;
}

function optionalInt32(value: unknown, what: string): number | undefined {
  return value === undefined || value === null ? undefined : int32At(value, what);
}

const INTEGER = /^-?\d{1,19}$/;
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** A wire value as the driver binds it. */
export function decodeValue(raw: unknown, what = 'value'): SqlValue {
  const value = objectAt(raw, what);
  switch (value.type) {
    case 'null':
      return null;
    case 'integer': {
      // Clients send a string; a plain JSON number is taken too when it is a whole number.
      const text = typeof value.value === 'number' && Number.isSafeInteger(value.value) ? String(value.value) : value.value;
      if (typeof text !== 'string' || !INTEGER.test(text)) throw malformed(`${what} is not a 64-bit integer`);
      const n = BigInt(text);
      if (n < I64_MIN || n > I64_MAX) throw malformed(`${what} is not a 64-bit integer`);
      return n;
    }
    case 'float':
      if (typeof value.value !== 'number') throw malformed(`${what} must hold a number`);
      return value.value;
    case 'text':
      if (typeof value.value !== 'string') throw malformed(`${what} must hold a string`);
      return value.value;
    case 'blob': {
      const text = value.base64;
      if (typeof text !== 'string' || !BASE64.test(text)) throw malformed(`${what} must hold base64`);
      return new Uint8Array(Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64'));
    }
    default:
      throw malformed(`${what} has an unknown type`);
  }
}

/** A driver value on the wire. */
export function encodeValue(value: SqlValue | boolean | undefined): WireValue {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  if (typeof value === 'number') {
    // SQLite has no NaN (it stores NULL); infinities have no JSON form.
    if (!Number.isFinite(value)) return Number.isNaN(value) ? { type: 'null' } : { type: 'float', value: value > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE };
    return { type: 'float', value };
  }
  if (typeof value === 'boolean') return { type: 'integer', value: value ? '1' : '0' };
  if (typeof value === 'string') return { type: 'text', value };
  return { type: 'blob', base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
}

export function parseStmt(raw: unknown, what = 'stmt'): Stmt {
  const stmt = objectAt(raw, what);
  const sql = optionalString(stmt.sql, `${what}.sql`);
  const sqlId = optionalInt32(stmt.sql_id, `${what}.sql_id`);
  if ((sql === undefined) === (sqlId === undefined)) throw malformed(`${what} needs exactly one of sql and sql_id`);
  const args = stmt.args === undefined || stmt.args === null ? [] : arrayAt(stmt.args, `${what}.args`).map((v, i) => decodeValue(v, `${what}.args[${i}]`));
  const namedArgs =
    stmt.named_args === undefined || stmt.named_args === null
      ? []
      : arrayAt(stmt.named_args, `${what}.named_args`).map((entry, i) => {
          const arg = objectAt(entry, `${what}.named_args[${i}]`);
          if (typeof arg.name !== 'string') throw malformed(`${what}.named_args[${i}].name must be a string`);
          return { name: arg.name, value: decodeValue(arg.value, `${what}.named_args[${i}].value`) };
        });
  if (stmt.want_rows !== undefined && stmt.want_rows !== null && typeof stmt.want_rows !== 'boolean') throw malformed(`${what}.want_rows must be a boolean`);
  return { sql, sqlId, args, namedArgs, wantRows: stmt.want_rows !== false };
}

export function parseCond(raw: unknown, what = 'condition'): BatchCond {
  const cond = objectAt(raw, what);
  switch (cond.type) {
    case 'ok':
    case 'error': {
      const step = cond.step;
      if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) throw malformed(`${what}.step must be a step index`);
      return { type: cond.type, step };
    }
    case 'not':
      return { type: 'not', cond: parseCond(cond.cond, `${what}.cond`) };
    case 'and':
    case 'or':
      return { type: cond.type, conds: arrayAt(cond.conds, `${what}.conds`).map((c, i) => parseCond(c, `${what}.conds[${i}]`)) };
    case 'is_autocommit':
      return { type: 'is_autocommit' };
    default:
      throw malformed(`${what} has an unknown type`);
  }
}

export function parseBatch(raw: unknown, what = 'batch'): BatchStep[] {
  const batch = objectAt(raw, what);
  return arrayAt(batch.steps, `${what}.steps`).map((entry, i) => {
    const step = objectAt(entry, `${what}.steps[${i}]`);
    const condition = step.condition === undefined || step.condition === null ? undefined : parseCond(step.condition, `${what}.steps[${i}].condition`);
    return { condition, stmt: parseStmt(step.stmt, `${what}.steps[${i}].stmt`) };
  });
}

function sqlOrId(request: Json, what: string): { sql?: string; sqlId?: number } {
  const sql = optionalString(request.sql, `${what}.sql`);
  const sqlId = optionalInt32(request.sql_id, `${what}.sql_id`);
  if ((sql === undefined) === (sqlId === undefined)) throw malformed(`${what} needs exactly one of sql and sql_id`);
  return { sql, sqlId };
}

export function parseStreamRequest(raw: unknown, what = 'request'): StreamRequest {
  const request = objectAt(raw, what);
  switch (request.type) {
    case 'close':
    case 'get_autocommit':
      return { type: request.type };
    case 'execute':
      return { type: 'execute', stmt: parseStmt(request.stmt, `${what}.stmt`) };
    case 'batch':
      return { type: 'batch', steps: parseBatch(request.batch, `${what}.batch`) };
    case 'sequence':
    case 'describe':
      return { type: request.type, ...sqlOrId(request, what) };
    case 'store_sql': {
      if (typeof request.sql !== 'string') throw malformed(`${what}.sql must be a string`);
      return { type: 'store_sql', sqlId: int32At(request.sql_id, `${what}.sql_id`), sql: request.sql };
    }
    case 'close_sql':
      return { type: 'close_sql', sqlId: int32At(request.sql_id, `${what}.sql_id`) };
    default:
      throw malformed(`${what} has an unknown type`);
  }
}

function parseBaton(body: Json): string | null {
  return optionalString(body.baton, 'baton') ?? null;
}

export function parsePipelineBody(raw: unknown): PipelineRequest {
  const body = objectAt(raw, 'body');
  const requests = arrayAt(body.requests, 'requests').map((r, i) => parseStreamRequest(r, `requests[${i}]`));
  return { baton: parseBaton(body), requests };
}

export function parseCursorBody(raw: unknown): CursorRequest {
  const body = objectAt(raw, 'body');
  return { baton: parseBaton(body), steps: parseBatch(body.batch) };
}

/** The outcome of each earlier step of a batch, for its conditions. */
export type StepOutcome = 'ok' | 'error' | 'skipped';

/** Whether a step whose condition this is runs; `isAutocommit` is asked only when the condition needs it. */
export function evaluateCond(cond: BatchCond, outcomes: readonly StepOutcome[], isAutocommit: () => boolean): boolean {
  switch (cond.type) {
    case 'ok':
      return outcomes[cond.step] === 'ok';
    case 'error':
      return outcomes[cond.step] === 'error';
    case 'not':
      return !evaluateCond(cond.cond, outcomes, isAutocommit);
    case 'and':
      return cond.conds.every((c) => evaluateCond(c, outcomes, isAutocommit));
    case 'or':
      return cond.conds.some((c) => evaluateCond(c, outcomes, isAutocommit));
    case 'is_autocommit':
      return isAutocommit();
  }
}

/** Whether a condition (or a request) needs version 3 of the protocol. */
export function condNeedsV3(cond: BatchCond): boolean {
  if (cond.type === 'is_autocommit') return true;
  if (cond.type === 'not') return condNeedsV3(cond.cond);
  if (cond.type === 'and' || cond.type === 'or') return cond.conds.some(condNeedsV3);
  return false;
}

/**
 * Binds the statement's arguments the way the driver takes them: a list by position, or an
 * object by name without its prefix sign (`:`, `@`, `$`), which SQLite matches whatever the
 * prefix the statement wrote.
 */
export function bindingsOf(stmt: Stmt): SqlValue[] | Record<string, SqlValue> {
  if (stmt.namedArgs.length === 0) return stmt.args;
  if (stmt.args.length > 0) throw new RequestError('Arguments by position and by name cannot be mixed in one statement', 'ARGS_BOTH_POSITIONAL_AND_NAMED');
  const named: Record<string, SqlValue> = {};
  for (const { name, value } of stmt.namedArgs) named[/^[:@$]/.test(name) ? name.slice(1) : name] = value;
  return named;
}

/** The JSON of one statement's result. */
export function encodeStmtResult(outcome: StmtOutcome) {
  return {
    cols: outcome.cols,
    rows: outcome.rows.map((row) => row.map(encodeValue)),
    affected_row_count: outcome.affectedRowCount,
    last_insert_rowid: outcome.lastInsertRowid === null ? null : outcome.lastInsertRowid.toString(),
    rows_read: 0,
    rows_written: 0,
    query_duration_ms: 0,
  };
}

/**
 * The protocol's Error for anything thrown while running a request. SQLite's own errors keep the
 * driver's message (the app reads "UNIQUE constraint failed: …" from it) and the primary result
 * code (`SQLITE_CONSTRAINT` for `SQLITE_CONSTRAINT_UNIQUE`), as libSQL servers report them.
 */
export function errorOf(err: unknown): WireError {
  if (err instanceof RequestError || err instanceof HttpError) return { message: err.message, code: err.code };
  const e = err as { message?: unknown; code?: unknown; name?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (typeof e?.code === 'string' && e.code.startsWith('SQLITE_')) {
    const primary = e.code.split('_').slice(0, 2).join('_');
    return { message: `SQLite error: ${message}`, code: primary };
  }
  if (e?.name === 'RangeError' || e?.name === 'TypeError') return { message: `Arguments do not match the statement's parameters: ${message}`, code: 'ARGS_INVALID' };
  return { message, code: 'INTERNAL_ERROR' };
}
