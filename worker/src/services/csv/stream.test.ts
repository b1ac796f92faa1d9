import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from '../../http/errors.ts';
import { csvExportResponse, csvStream, type CsvExport } from './stream.ts';
import type { CsvColumn } from './writer.ts';

type Row = { id: number; name: string };
const columns: CsvColumn<Row>[] = [
  { header: 'ID', value: (r) => r.id, kind: 'number' },
  { header: 'Name', value: (r) => r.name },
];

/** An export of `n` rows that records every page asked for (the positions are ids, descending). */
function counted(n: number) {
  const pages: (number | undefined)[] = [];
  const rows = Array.from({ length: n }, (_, i) => ({ id: n - i, name: `Dancer ${n - i}` }));
  const exp: CsvExport<Row, number> = {
    columns,
    total: async () => n,
    page: async (after, limit) => {
      pages.push(after);
      return rows.filter((r) => after === undefined || r.id < after).slice(0, limit);
    },
    cursorOf: (r) => r.id,
  };
  return { exp, pages };
}

function appFor(exp: CsvExport<Row, number>, max?: number) {
  return new Hono().onError(handleError).get('/x.csv', (c) => csvExportResponse(c, 'dancers', exp, max));
}

describe('a streamed export', () => {
  it('reads page after page from the last row of the one before, until a short page', async () => {
    const { exp, pages } = counted(25);
    const text = await new Response(csvStream(exp, 10)).text();
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"ID","Name"');
    expect(lines.slice(1).map((l) => Number(JSON.parse(l.split(',')[0]!)))).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
    expect(pages).toEqual([undefined, 16, 6]);
  });

  it('hands out the header before any row is read, and a page only when the reader asks', async () => {
    const { exp, pages } = counted(5000);
    const reader = csvStream(exp, 1000).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('"ID","Name"\r\n');
    expect(pages).toEqual([]);
    await reader.read();
    expect(pages).toHaveLength(1);
    await reader.cancel();
  });

  it('checks the count against the cap before reading any row: a 400 that says to narrow the filters', async () => {
    const { exp, pages } = counted(3);
    const res = await appFor(exp, 2).request('/x.csv');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Too many rows to export (more than 2). Narrow the filters and try again.' });
    expect(pages).toEqual([]);
  });

  it('is a dated UTF-8 attachment never cached, compressed as it streams when the client takes gzip', async () => {
    const { exp } = counted(3000);
    const plain = await appFor(exp).request('/x.csv');
    expect(plain.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(plain.headers.get('content-disposition')).toMatch(/^attachment; filename="dancers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(plain.headers.get('cache-control')).toBe('no-store');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();

    const zipped = await appFor(exp).request('/x.csv', { headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(text.length / 3);
    expect(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text()).toBe(text);

    const refused = await appFor(exp).request('/x.csv', { headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });
});
