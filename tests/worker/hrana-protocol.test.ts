import { describe, expect, it } from 'vitest';
import { isExplain, parameterNames } from '../../scripts/hrana/sql-scan.ts';
import {
  HttpError,
  RequestError,
  bindingsOf,
  decodeValue,
  encodeStmtResult,
  encodeValue,
  errorOf,
  evaluateCond,
  parsePipelineBody,
  parseStmt,
  type StepOutcome,
} from '../../scripts/hrana/protocol.ts';

/** The JSON side of the local Hrana server (scripts/hrana/protocol.ts), without a database. */

describe('Hrana values', () => {
  it('reads integers from decimal strings, all 64 bits of them', () => {
    expect(decodeValue({ type: 'integer', value: '42' })).toBe(42n);
    expect(decodeValue({ type: 'integer', value: '-9223372036854775808' })).toBe(-(2n ** 63n));
    expect(decodeValue({ type: 'integer', value: '9223372036854775807' })).toBe(2n ** 63n - 1n);
    expect(decodeValue({ type: 'integer', value: 7 })).toBe(7n);
    expect(() => decodeValue({ type: 'integer', value: '9223372036854775808' })).toThrow(HttpError);
    expect(() => decodeValue({ type: 'integer', value: '1.5' })).toThrow(/64-bit integer/);
  });

  it('reads floats, text, blobs in base64 and null; refuses unknown types', () => {
    expect(decodeValue({ type: 'float', value: 1.25 })).toBe(1.25);
    expect(decodeValue({ type: 'text', value: 'Grand jeté ✓' })).toBe('Grand jeté ✓');
    expect(decodeValue({ type: 'blob', base64: 'AQID' })).toEqual(new Uint8Array([1, 2, 3]));
    expect(decodeValue({ type: 'blob', base64: '' })).toEqual(new Uint8Array());
    expect(decodeValue({ type: 'null' })).toBeNull();
    expect(() => decodeValue({ type: 'date', value: 'x' })).toThrow(/unknown type/);
    expect(() => decodeValue({ type: 'blob', base64: 'not base64!' })).toThrow(/base64/);
    expect(() => decodeValue('text')).toThrow(/object/);
  });

  it('writes integers as strings, floats as numbers, blobs as base64', () => {
    expect(encodeValue(2n ** 62n)).toEqual({ type: 'integer', value: '4611686018427387904' });
    expect(encodeValue(2)).toEqual({ type: 'float', value: 2 });
    expect(encodeValue('a')).toEqual({ type: 'text', value: 'a' });
    expect(encodeValue(Buffer.from([255, 0, 1]))).toEqual({ type: 'blob', base64: '/wAB' });
    expect(encodeValue(new Uint8Array([1, 2, 3]).subarray(1))).toEqual({ type: 'blob', base64: 'AgM=' });
    expect(encodeValue(null)).toEqual({ type: 'null' });
    expect(encodeValue(Number.POSITIVE_INFINITY)).toEqual({ type: 'float', value: Number.MAX_VALUE });
  });

  it('encodes a statement result with the row id as a string', () => {
    expect(encodeStmtResult({ cols: [{ name: 'id', decltype: 'INTEGER' }], rows: [[1n]], affectedRowCount: 1, lastInsertRowid: 1n })).toMatchObject({
      cols: [{ name: 'id', decltype: 'INTEGER' }],
      rows: [[{ type: 'integer', value: '1' }]],
      affected_row_count: 1,
      last_insert_rowid: '1',
    });
  });
});

describe('Hrana request bodies', () => {
  it('reads a pipeline of every request type', () => {
    const body = parsePipelineBody({
      baton: null,
      requests: [
        { type: 'store_sql', sql_id: 1, sql: 'SELECT ?' },
        { type: 'execute', stmt: { sql_id: 1, args: [{ type: 'integer', value: '1' }], want_rows: true } },
        { type: 'batch', batch: { steps: [{ stmt: { sql: 'BEGIN' } }, { condition: { type: 'ok', step: 0 }, stmt: { sql: 'COMMIT' } }] } },
        { type: 'sequence', sql: 'SELECT 1; SELECT 2' },
        { type: 'describe', sql: 'SELECT 1' },
        { type: 'close_sql', sql_id: 1 },
        { type: 'get_autocommit' },
        { type: 'close' },
      ],
    });
    expect(body.baton).toBeNull();
    expect(body.requests.map((r) => r.type)).toEqual(['store_sql', 'execute', 'batch', 'sequence', 'describe', 'close_sql', 'get_autocommit', 'close']);
    expect(body.requests[1]).toEqual({ type: 'execute', stmt: { sql: undefined, sqlId: 1, args: [1n], namedArgs: [], wantRows: true } });
  });

  it('refuses malformed bodies with a 400', () => {
    const refusal = (raw: unknown) => {
      try {
        parsePipelineBody(raw);
      } catch (err) {
        return err instanceof HttpError ? { status: err.status, code: err.code } : err;
      }
      return 'accepted';
    };
    expect(refusal({ baton: null })).toEqual({ status: 400, code: 'PROTOCOL_ERROR' });
    expect(refusal({ requests: [{ type: 'teleport' }] })).toEqual({ status: 400, code: 'PROTOCOL_ERROR' });
    expect(refusal({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1', sql_id: 2 } }] })).toEqual({ status: 400, code: 'PROTOCOL_ERROR' });
    expect(refusal({ requests: [{ type: 'execute', stmt: {} }] })).toEqual({ status: 400, code: 'PROTOCOL_ERROR' });
    expect(refusal({ baton: 5, requests: [] })).toEqual({ status: 400, code: 'PROTOCOL_ERROR' });
    expect(refusal([])).toEqual({ status: 400, code: 'PROTOCOL_ERROR' });
  });

  it('defaults want_rows to true and reads named arguments', () => {
    const stmt = parseStmt({ sql: 'SELECT :a', named_args: [{ name: ':a', value: { type: 'text', value: 'x' } }] });
    expect(stmt.wantRows).toBe(true);
    expect(parseStmt({ sql: 'SELECT 1', want_rows: false }).wantRows).toBe(false);
    expect(bindingsOf(stmt)).toEqual({ a: 'x' });
  });

  it('binds by position, or by name without the prefix sign, never both', () => {
    expect(bindingsOf(parseStmt({ sql: 'SELECT ?', args: [{ type: 'null' }] }))).toEqual([null]);
    const named = parseStmt({
      sql: 'SELECT @a, $b, :c',
      named_args: [
        { name: '@a', value: { type: 'integer', value: '1' } },
        { name: '$b', value: { type: 'float', value: 0.5 } },
        { name: 'c', value: { type: 'text', value: 'bare' } },
      ],
    });
    expect(bindingsOf(named)).toEqual({ a: 1n, b: 0.5, c: 'bare' });
    const mixed = parseStmt({ sql: 'SELECT ?, :a', args: [{ type: 'null' }], named_args: [{ name: ':a', value: { type: 'null' } }] });
    expect(() => bindingsOf(mixed)).toThrow(RequestError);
  });
});

describe('Hrana batch conditions', () => {
  const outcomes: StepOutcome[] = ['ok', 'error', 'skipped'];
  const never = () => {
    throw new Error('autocommit asked without need');
  };

  it('ok and error look at the step; a skipped step is neither', () => {
    expect(evaluateCond({ type: 'ok', step: 0 }, outcomes, never)).toBe(true);
    expect(evaluateCond({ type: 'error', step: 1 }, outcomes, never)).toBe(true);
    expect(evaluateCond({ type: 'ok', step: 2 }, outcomes, never)).toBe(false);
    expect(evaluateCond({ type: 'error', step: 2 }, outcomes, never)).toBe(false);
    expect(evaluateCond({ type: 'ok', step: 9 }, outcomes, never)).toBe(false);
  });

  it('not, and, or combine; is_autocommit asks the connection', () => {
    expect(evaluateCond({ type: 'not', cond: { type: 'ok', step: 1 } }, outcomes, never)).toBe(true);
    expect(evaluateCond({ type: 'and', conds: [{ type: 'ok', step: 0 }, { type: 'error', step: 1 }] }, outcomes, never)).toBe(true);
    expect(evaluateCond({ type: 'and', conds: [] }, outcomes, never)).toBe(true);
    expect(evaluateCond({ type: 'or', conds: [{ type: 'ok', step: 1 }, { type: 'ok', step: 2 }] }, outcomes, never)).toBe(false);
    expect(evaluateCond({ type: 'not', cond: { type: 'is_autocommit' } }, outcomes, () => false)).toBe(true);
    expect(evaluateCond({ type: 'is_autocommit' }, outcomes, () => true)).toBe(true);
  });
});

describe('describe: parameters and EXPLAIN', () => {
  it('numbers parameters as SQLite does', () => {
    expect(parameterNames('SELECT ?, ?, ?')).toEqual([null, null, null]);
    expect(parameterNames('SELECT ?3, ?1')).toEqual(['?1', null, '?3']);
    expect(parameterNames('SELECT :a, @b, $c, :a')).toEqual([':a', '@b', '$c']);
    expect(parameterNames('SELECT ?, :a, ?')).toEqual([null, ':a', null]);
  });

  it('ignores what strings, quoted names and comments hold', () => {
    expect(parameterNames("SELECT ':x', \"?\", [@y], `$z` -- :no\n /* ?9 */ FROM t WHERE a = :yes")).toEqual([':yes']);
    expect(parameterNames("SELECT 'it''s ?'")).toEqual([]);
  });

  it('knows an EXPLAIN', () => {
    expect(isExplain('  -- a comment\n explain query plan SELECT 1')).toBe(true);
    expect(isExplain('SELECT 1')).toBe(false);
  });
});

describe('errors', () => {
  it("keeps SQLite's message and reports the primary result code", () => {
    const err = Object.assign(new Error('UNIQUE constraint failed: users.username'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(errorOf(err)).toEqual({ message: 'SQLite error: UNIQUE constraint failed: users.username', code: 'SQLITE_CONSTRAINT' });
    expect(errorOf(Object.assign(new Error('near "SELEC": syntax error'), { code: 'SQLITE_ERROR' }))).toMatchObject({ code: 'SQLITE_ERROR' });
    expect(errorOf(new RequestError('gone', 'STREAM_CLOSED'))).toEqual({ message: 'gone', code: 'STREAM_CLOSED' });
    expect(errorOf(new Error('boom'))).toEqual({ message: 'boom', code: 'INTERNAL_ERROR' });
  });
});
