/**
 * HTTP byte ranges (RFC 9110 §14) for serving uploaded files, so a video can seek and loop. Pure:
 * `parseRangeHeader` reads the header without knowing the file, `resolveRange` applies it to the
 * file's size. Only one range is served (decision 0017): a header asking for several, or one that
 * is not understood, is ignored and the whole file is sent, as the RFC allows.
 */

/** What a Range header asks for, before the file's size is known. */
export type RangeRequest =
  /** `bytes=500-999` (end inclusive) or `bytes=500-` (end null: to the end of the file). */
  | { kind: 'from'; start: number; end: number | null }
  /** `bytes=-500`: the last 500 bytes. */
  | { kind: 'suffix'; length: number };

/** A satisfiable range of a file: `start` and `end` inclusive, as Content-Range writes them. */
export interface ByteRange {
  start: number;
  end: number;
  /** end - start + 1 */
  length: number;
}

export type RangeAnswer = { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

const DIGITS = /^\d+$/;

function count(text: string): number | null {
  if (!DIGITS.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The single range a Range header asks for, or null when the header is absent, malformed, of
 * another unit, or lists several ranges: the caller then serves the whole file.
 */
export function parseRangeHeader(header: string | null | undefined): RangeRequest | null {
  if (!header) return null;
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return null;
  const specs = header.slice(eq + 1).split(',');
  if (specs.length !== 1) return null;
  const spec = specs[0]!.trim();
  const dash = spec.indexOf('-');
  if (dash < 0) return null;
  const first = spec.slice(0, dash).trim();
  const last = spec.slice(dash + 1).trim();
  if (first === '') {
    const length = count(last);
    return length === null ? null : { kind: 'suffix', length };
  }
  const start = count(first);
  if (start === null) return null;
  if (last === '') return { kind: 'from', start, end: null };
  const end = count(last);
  if (end === null || end < start) return null;
  return { kind: 'from', start, end };
}

/**
 * The bytes to send for a file of `size` bytes: a start at or past the end, or an empty suffix,
 * is unsatisfiable (416); an end past the file is cut to its last byte; a suffix longer than
 * the file is the whole file.
 */
export function resolveRange(request: RangeRequest, size: number): RangeAnswer {
  let start: number;
  let end: number;
  if (request.kind === 'suffix') {
    if (request.length === 0 || size === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - request.length);
    end = size - 1;
  } else {
    if (request.start >= size) return { kind: 'unsatisfiable' };
    start = request.start;
    end = request.end === null ? size - 1 : Math.min(request.end, size - 1);
  }
  return { kind: 'range', range: { start, end, length: end - start + 1 } };
}

/** `bytes 0-499/1234` for a 206. */
export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

/** `bytes *\/1234` for a 416. */
export function unsatisfiedRange(size: number): string {
  return `bytes */${size}`;
}
