import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './page-cursor.ts';

describe('page cursors', () => {
  it('read back what they were written from, as a token safe in a query', () => {
    for (const cursor of [
      { key: '2031-03-01T10:00:00.000Z', id: 42, page: 7 },
      { key: 1234, id: 1234, page: 1 },
      { key: '', id: 0, page: 1_000_000 },
    ]) {
      const token = encodeCursor(cursor);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(token)).toEqual(cursor);
    }
  });

  it('refuse anything this server did not write', () => {
    const valid = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    for (const token of [
      '',
      'not a token',
      '%%%',
      btoa('{"key":1}'),
      valid(['2031', 1]),
      valid(['2031', 1, 0]),
      valid(['2031', -1, 1]),
      valid(['2031', 1.5, 1]),
      valid([{}, 1, 1]),
      valid(['x'.repeat(65), 1, 1]),
      valid([1.5, 1, 1]),
      valid(['2031', 1, 1_000_001]),
      'A'.repeat(201),
    ]) {
      expect(decodeCursor(token), token).toBeNull();
    }
  });
});
