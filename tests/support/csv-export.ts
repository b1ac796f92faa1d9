import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { csvStream, type CsvExport } from '../../worker/src/services/csv/stream.ts';
import type { CsvColumn } from '../../worker/src/services/csv/writer.ts';
import type { TestApp } from './test-app.ts';

/** The whole file an export of `rows` streams, in pages of `pageRows` (offsets as its positions). */
export async function csvText<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[], pageRows = 2): Promise<string> {
  const exp: CsvExport<Row, number> = { columns, total: async () => rows.length, page: async (from = 0, limit) => rows.slice(from, from + limit), cursorOf: (_, read) => read };
  const stream = csvStream(exp, pageRows);
  return new Response(stream).text();
}

/** A value every CSV export test writes into a text field: a comma, quotes, a line break and a formula start. */
export const TRICKY = (tag: string) => `=cmd|"x", ${tag}\nline two`;
/** How that value reads back from the file: the formula start disarmed with an apostrophe, the rest intact. */
export const TRICKY_READ = (tag: string) => `'${TRICKY(tag)}`;

/**
 * GET an admin export, check it is a dated CSV attachment that is never cached, and parse it back
 * with an independent parser (csv-parse): the header record and the data records.
 */
export async function fetchCsv(t: TestApp, path: string, token: string, name: string): Promise<{ header: string[]; rows: string[][] }> {
  const res = await t.json('GET', path, undefined, token);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
  expect(res.headers.get('cache-control')).toBe('no-store');
  const text = await res.text();
  expect(text.endsWith('\r\n')).toBe(true);
  // Every field is quoted: no record starts a cell with a formula character outside quotes.
  expect(text).not.toMatch(/(^|,)[=+\-@]/m);
  const [header, ...rows] = parse(text, { relax_column_count: false }) as string[][];
  return { header: header!, rows };
}

/** A list page's total: `total`, or `pagination.total` (the Connect lists). */
function totalOf(body: unknown): number {
  const page = body as { total?: number; pagination?: { total: number } };
  return page.total ?? page.pagination!.total;
}

/** The list endpoint's total for the same filters (what the export must hold, every page of it). */
export async function listTotal(t: TestApp, path: string, token: string): Promise<number> {
  const res = await t.json('GET', path, undefined, token);
  expect(res.status).toBe(200);
  return totalOf(await res.json());
}

/** The list endpoint's rows for the same filters, all pages (by 100), for comparing the order. */
export async function listAll<Row>(t: TestApp, path: string, token: string, pageSizeParam = 'pageSize'): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await t.json('GET', `${path}${sep}page=${page}&${pageSizeParam}=100`, undefined, token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Row[] };
    out.push(...body.data);
    if (body.data.length === 0 || out.length >= totalOf(body)) return out;
  }
}

/** A bad filter: the export answers 400 with the field's message, and makes no file. */
export async function expectBadFilter(t: TestApp, path: string, token: string, validationErrors: Record<string, string[]>): Promise<void> {
  const bad = await t.json('GET', path, undefined, token);
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ validationErrors });
}
