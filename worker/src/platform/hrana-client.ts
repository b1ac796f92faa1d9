import { LibsqlBatchError, LibsqlError, type Client, type InArgs, type InStatement, type InValue, type ResultSet, type Row, type TransactionMode } from '@libsql/core/api';
import type { ExpandedConfig } from '@libsql/core/config';
import { encodeBaseUrl } from '@libsql/core/uri';

/**
 * The worker's database client: Hrana over HTTP (the `/v2/pipeline` endpoint that Turso, sqld and
 * `scripts/hrana` serve), the part of `@libsql/client/web`'s `Client` that drizzle and the app use
 * — `execute` and `batch` — and nothing more (decision 0036).
 *
 * Each call is one HTTP request that runs its statement or batch and closes its stream: the
 * client holds no stream, queue or connection between calls, only its settings. One client (and
 * one drizzle handle on it) therefore serves every request of a Workers isolate, where
 * `@libsql/client/web` had to be made per request (its stream queue must not outlive the request
 * that made it) and cost about a third of a request's JavaScript: its settings, its queue, the
 * error object it makes to close each stream, and a property defined per value of every row.
 *
 * What it answers is what `@libsql/client/web` answers (intMode "number"): result sets with
 * `columns`, `columnTypes`, `rows`, `rowsAffected` and `lastInsertRowid` (a bigint); rows whose
 * values are read by index and by column name, whose own enumerable keys are the column names;
 * integers as numbers (a RangeError beyond 2^53), blobs as ArrayBuffers; a batch is one
 * transaction (BEGIN … COMMIT, ROLLBACK when a step fails) and throws the first failed
 * statement's error; errors are `LibsqlError`s with the server's code. It is tested against
 * that client, statement by statement, in hrana-client.test.ts. Made once per isolate too, that
 * client still costs 0.2–0.3 ms more CPU per round trip in workerd (decision 0056).
 */

/** A Hrana value as JSON carries it. */
type HranaValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

interface HranaStmt {
  sql: string;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows: boolean;
}

interface HranaStmtResult {
  cols: { name: string | null; decltype?: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

interface HranaError {
  message: string;
  code?: string | null;
}

interface HranaBatchResult {
  step_results: (HranaStmtResult | null)[];
  step_errors: (HranaError | null)[];
}

type StreamResult = { type: 'ok'; response: { type: string; result?: HranaStmtResult | HranaBatchResult } } | { type: 'error'; error: HranaError };

const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function bytesOf(base64: string): ArrayBuffer {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes.buffer;
}

/** A JavaScript argument as Hrana carries it, as `@libsql/client` converts it (numbers as floats). */
function encodeValue(value: InValue): HranaValue {
  if (value === null) return { type: 'null' };
  switch (typeof value) {
    case 'string':
      return { type: 'text', value };
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
      return { type: 'float', value };
    case 'bigint':
      if (value < MIN_INTEGER || value > MAX_INTEGER) throw new RangeError('This bigint value is too large to be represented as a 64-bit integer and passed as argument');
      return { type: 'integer', value: String(value) };
    case 'boolean':
      return { type: 'integer', value: value ? '1' : '0' };
    case 'object':
      if (value instanceof ArrayBuffer) return { type: 'blob', base64: base64Of(new Uint8Array(value)) };
      if (value instanceof Uint8Array) return { type: 'blob', base64: base64Of(value) };
      if (value instanceof Date) return { type: 'float', value: value.valueOf() };
      return { type: 'text', value: String(value) };
    default:
      throw new TypeError('Unsupported type of value');
  }
}

function decodeValue(value: HranaValue): InValue {
  switch (value.type) {
    case 'null':
      return null;
    case 'integer': {
      const number = Number(value.value);
      if (!Number.isSafeInteger(number)) throw new RangeError('Received integer which is too large to be safely represented as a JavaScript number');
      return number;
    }
    case 'float':
      return value.value;
    case 'text':
      return value.value;
    case 'blob':
      return bytesOf(value.base64);
    default:
      throw new LibsqlError('Received unrecognized type of Value', 'HRANA_PROTO_ERROR');
  }
}

function statementOf(stmt: InStatement | [string, InArgs?], args?: InArgs): HranaStmt {
  let sql: string;
  if (typeof stmt === 'string') sql = stmt;
  else if (Array.isArray(stmt)) [sql, args] = stmt;
  else ({ sql, args } = stmt);
  const out: HranaStmt = { sql, want_rows: true };
  if (Array.isArray(args)) out.args = args.map(encodeValue);
  else if (args) out.named_args = Object.entries(args).map(([name, value]) => ({ name, value: encodeValue(value) }));
  return out;
}

// A row reads its values by index through getters on a prototype made once per width; its own
// properties are the column names only (what Object.keys, JSON and drizzle's mapping of raw
// rows see), as on `@libsql/client`, whose rows define a property per value.
const VALUES = Symbol('values');
type RowObject = Record<string | typeof VALUES, unknown>;
const rowPrototypes: object[] = [];

function rowPrototype(width: number): object {
  let proto = rowPrototypes[width];
  if (!proto) {
    proto = {};
    Object.defineProperty(proto, 'length', { value: width });
    for (let i = 0; i < width; i++) {
      Object.defineProperty(proto, i, {
        get(this: RowObject) {
          return (this[VALUES] as unknown[])[i];
        },
      });
    }
    rowPrototypes[width] = proto;
  }
  return proto;
}

/** Names a row may not take as its own property: its length and the indexes of its values. */
function shadowsIndex(name: string, width: number): boolean {
  if (name === 'length') return true;
  const index = Number(name);
  return Number.isInteger(index) && index >= 0 && index < width && String(index) === name;
}

function resultSetOf(result: HranaStmtResult): ResultSet {
  const columns = result.cols.map((col) => col.name ?? '');
  const columnTypes = result.cols.map((col) => col.decltype ?? '');
  const width = columns.length;
  const proto = rowPrototype(width);
  const named = columns.map((name, i) => !shadowsIndex(name, width) && columns.indexOf(name) === i);
  const rows = result.rows.map((raw) => {
    const values = raw.map(decodeValue);
    const row = Object.create(proto) as RowObject;
    row[VALUES] = values;
    for (let i = 0; i < width; i++) if (named[i]) row[columns[i]!] = values[i];
    return row as unknown as Row;
  });
  const lastInsertRowid = result.last_insert_rowid === null || result.last_insert_rowid === undefined ? undefined : BigInt(result.last_insert_rowid);
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected: result.affected_row_count,
    lastInsertRowid,
    toJSON() {
      return {
        columns,
        columnTypes,
        rows: rows.map((row) => Array.prototype.map.call(row, (v: unknown) => (v instanceof ArrayBuffer ? base64Of(new Uint8Array(v)) : v))),
        rowsAffected: result.affected_row_count,
        lastInsertRowid: lastInsertRowid === undefined ? null : String(lastInsertRowid),
      };
    },
  };
}

function errorOf(error: HranaError): LibsqlError {
  return new LibsqlError(error.message, error.code ?? 'UNKNOWN');
}

const BEGIN: Record<TransactionMode, string> = { write: 'BEGIN IMMEDIATE', read: 'BEGIN TRANSACTION READONLY', deferred: 'BEGIN DEFERRED' };

function unsupported(what: string): never {
  throw new LibsqlError(`${what} is not supported by the worker's database client (decision 0036)`, 'NOT_SUPPORTED');
}

/** A client on the database at `config` (the settings `expandConfig` made from LIBSQL_URL and its token). */
export function createHranaClient(config: ExpandedConfig, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Client {
  if (config.scheme !== 'https' && config.scheme !== 'http') {
    throw new LibsqlError(`The worker's database client supports only "libsql:", "https:" and "http:" URLs, got ${JSON.stringify(config.scheme + ':')}`, 'URL_SCHEME_NOT_SUPPORTED');
  }
  const pipelineUrl = new URL('v2/pipeline', encodeBaseUrl(config.scheme, config.authority, config.path)).toString();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.authToken) headers.authorization = `Bearer ${config.authToken}`;

  /** Runs one request on a new stream and closes it: one HTTP round trip. */
  async function run(request: unknown): Promise<HranaStmtResult | HranaBatchResult> {
    const body = JSON.stringify({ baton: null, requests: [request, { type: 'close' }] });
    let res: Response;
    try {
      res = await fetchImpl(pipelineUrl, { method: 'POST', headers, body });
    } catch (err) {
      throw new LibsqlError(`The database could not be reached: ${err instanceof Error ? err.message : String(err)}`, 'SERVER_ERROR');
    }
    if (!res.ok) {
      const text = await res.text();
      let message = text.trim();
      try {
        // An error body may be JSON with `message` or `error`, or plain text.
        const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
        if (typeof parsed.message === 'string') message = parsed.message;
        else if (typeof parsed.error === 'string') message = parsed.error;
      } catch {
        // not JSON: the text as it came
      }
      throw new LibsqlError(`Server returned HTTP status ${res.status}${message ? `: ${message}` : ''}`, 'SERVER_ERROR');
    }
    const answer = (await res.json()) as { results?: StreamResult[] };
    const first = answer.results?.[0];
    if (!first) throw new LibsqlError('The server answered a pipeline without results', 'HRANA_PROTO_ERROR');
    if (first.type === 'error') throw errorOf(first.error);
    const result = first.response.result;
    if (!result) throw new LibsqlError(`The server answered "${first.response.type}" without a result`, 'HRANA_PROTO_ERROR');
    return result;
  }

  async function execute(stmt: InStatement, args?: InArgs): Promise<ResultSet> {
    return resultSetOf((await run({ type: 'execute', stmt: statementOf(stmt, args) })) as HranaStmtResult);
  }

  async function batch(stmts: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = 'deferred'): Promise<ResultSet[]> {
    const begin = BEGIN[mode];
    if (!begin) throw new RangeError('Unknown transaction mode, supported values are "write", "read" and "deferred"');
    const statements = stmts.map((stmt) => statementOf(stmt));
    const steps: { stmt: HranaStmt; condition?: unknown }[] = [{ stmt: { sql: begin, want_rows: false } }];
    for (const stmt of statements) steps.push({ condition: { type: 'ok', step: steps.length - 1 }, stmt });
    const commit = steps.length;
    steps.push({ condition: { type: 'ok', step: commit - 1 }, stmt: { sql: 'COMMIT', want_rows: false } });
    steps.push({ condition: { type: 'not', cond: { type: 'ok', step: commit } }, stmt: { sql: 'ROLLBACK', want_rows: false } });
    const result = (await run({ type: 'batch', batch: { steps } })) as HranaBatchResult;
    const beginError = result.step_errors[0];
    if (beginError) throw errorOf(beginError);
    const sets: ResultSet[] = [];
    for (let i = 0; i < statements.length; i++) {
      const error = result.step_errors[i + 1];
      if (error) throw new LibsqlBatchError(error.message, i, error.code ?? 'UNKNOWN');
      const stepResult = result.step_results[i + 1];
      if (!stepResult) throw new LibsqlBatchError('Statement in a batch was not executed, probably because the transaction has been rolled back', i, 'TRANSACTION_CLOSED');
      sets.push(resultSetOf(stepResult));
    }
    const commitError = result.step_errors[commit];
    if (commitError) throw errorOf(commitError);
    return sets;
  }

  return {
    execute: execute as Client['execute'],
    batch,
    migrate: async () => unsupported('migrate'),
    transaction: async () => unsupported('An interactive transaction'),
    executeMultiple: async () => unsupported('executeMultiple'),
    sync: async () => unsupported('sync'),
    close() {},
    reconnect() {},
    closed: false,
    protocol: 'http',
  };
}
