import { describe, expect, it } from 'vitest';
import { contentRange, parseRangeHeader, resolveRange, unsatisfiedRange } from './byte-range.ts';

describe('parseRangeHeader', () => {
  it('reads a closed range, an open one and a suffix', () => {
    expect(parseRangeHeader('bytes=1000-2000')).toEqual({ kind: 'from', start: 1000, end: 2000 });
    expect(parseRangeHeader('bytes=500-')).toEqual({ kind: 'from', start: 500, end: null });
    expect(parseRangeHeader('bytes=-500')).toEqual({ kind: 'suffix', length: 500 });
    expect(parseRangeHeader('bytes=0-0')).toEqual({ kind: 'from', start: 0, end: 0 });
  });

  it('takes the unit in any case and spaces around the numbers', () => {
    expect(parseRangeHeader('Bytes = 10 - 20 ')).toEqual({ kind: 'from', start: 10, end: 20 });
  });

  it('ignores what it does not serve: nothing, other units, bad syntax, several ranges', () => {
    for (const header of [
      undefined,
      null,
      '',
      'bytes',
      'bytes=',
      'bytes=-',
      'items=0-10',
      'bytes=abc-def',
      'bytes=10',
      'bytes=20-10',
      'bytes=-1-2',
      'bytes=1.5-3',
      'bytes=0x10-20',
      'bytes=0-99999999999999999999',
      'bytes=0-10,20-30',
      'bytes=0-10,',
    ]) {
      expect(parseRangeHeader(header), String(header)).toBeNull();
    }
  });
});

describe('resolveRange', () => {
  const SIZE = 10_000;

  it('serves the bytes asked for, end inclusive', () => {
    expect(resolveRange({ kind: 'from', start: 1000, end: 2000 }, SIZE)).toEqual({ kind: 'range', range: { start: 1000, end: 2000, length: 1001 } });
  });

  it('cuts an end past the file to its last byte, and an open range runs to the end', () => {
    expect(resolveRange({ kind: 'from', start: 9000, end: 20_000 }, SIZE)).toEqual({ kind: 'range', range: { start: 9000, end: 9999, length: 1000 } });
    expect(resolveRange({ kind: 'from', start: 0, end: null }, SIZE)).toEqual({ kind: 'range', range: { start: 0, end: 9999, length: SIZE } });
  });

  it('serves the last bytes for a suffix, the whole file when the suffix is longer', () => {
    expect(resolveRange({ kind: 'suffix', length: 500 }, SIZE)).toEqual({ kind: 'range', range: { start: 9500, end: 9999, length: 500 } });
    expect(resolveRange({ kind: 'suffix', length: 50_000 }, SIZE)).toEqual({ kind: 'range', range: { start: 0, end: 9999, length: SIZE } });
  });

  it('refuses a start at or past the end, an empty suffix and any range of an empty file', () => {
    expect(resolveRange({ kind: 'from', start: SIZE, end: null }, SIZE)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange({ kind: 'from', start: SIZE + 5, end: SIZE + 10 }, SIZE)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange({ kind: 'suffix', length: 0 }, SIZE)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange({ kind: 'from', start: 0, end: null }, 0)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange({ kind: 'suffix', length: 10 }, 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('Content-Range', () => {
  it('writes the served range and the refusal', () => {
    expect(contentRange({ start: 0, end: 499, length: 500 }, 1234)).toBe('bytes 0-499/1234');
    expect(unsatisfiedRange(1234)).toBe('bytes */1234');
  });
});
