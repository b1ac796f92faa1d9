import type { Context } from 'hono';
import { badRequest } from '../../http/errors.ts';

/**
 * The one CSV writer of the admin exports (issue 13 §4): RFC 4180 — every field quoted, quotes
 * doubled, CRLF after every record (commas and line breaks inside a field stay inside its quotes).
 *
 * CSV injection: a text cell a spreadsheet would read as a formula (starting with =, +, -, @, tab
 * or carriage return) gets a leading apostrophe, so opening the file never runs anything a user
 * typed into a name or a title. Columns of numbers and timestamps we produce ourselves are
 * declared `kind: 'number'` / `'date'` and left as they are (a refund of -5.00 stays a number).
 *
 * No byte order mark: the answer says `charset=utf-8`, Excel's "From Text/CSV", LibreOffice,
 * Numbers and Google Sheets read UTF-8 without one, and a BOM would glue itself to the first
 * header for every parser that does not expect it.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
  /** 'text' (the default) is guarded against formulas; 'number' and 'date' are written as they are. */
  kind?: 'text' | 'number' | 'date';
}

/** At most this many rows in one export; above it the admin is asked to narrow the filters. */
export const CSV_MAX_ROWS = 50_000;

/** One field, quoted; a text field that starts like a formula gets a leading apostrophe. */
export function csvField(value: CsvValue, { text = true }: { text?: boolean } = {}): string {
  if (value === null || value === undefined) return '""';
  let s = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** One record (fields already quoted by csvField), without its line break. */
export function csvRecord(fields: readonly string[]): string {
  return fields.join(',');
}

/** The whole file: the header record, then one record per row, each ending in CRLF. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const lines = [csvRecord(columns.map((c) => csvField(c.header)))];
  for (const row of rows) {
    lines.push(csvRecord(columns.map((c) => csvField(c.value(row), { text: (c.kind ?? 'text') === 'text' }))));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The headers of a list of columns (what a test expects as the first record). */
export function csvHeaders<Row>(columns: readonly CsvColumn<Row>[]): string[] {
  return columns.map((c) => c.header);
}

/** Cents as dollars with two decimals ("19.99"). */
export const centsAsDollars = (cents: number | null | undefined): string | null =>
  cents === null || cents === undefined ? null : (cents / 100).toFixed(2);

/**
 * Rows fetched with `.limit(CSV_MAX_ROWS + 1)`: more than the cap is a 400 that says so, never a
 * silently cut file.
 */
export function withinCsvCap<Row>(rows: Row[], max = CSV_MAX_ROWS): Row[] {
  if (rows.length > max) {
    throw badRequest(`Too many rows to export (more than ${max.toLocaleString('en-US')}). Narrow the filters and try again.`);
  }
  return rows;
}

/** `<name>-YYYY-MM-DD.csv` (UTC day). */
export function csvFilename(name: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The download answer: text/csv in UTF-8, as an attachment named `<name>-YYYY-MM-DD.csv`, never cached. */
export function csvResponse(c: Context, name: string, body: string): Response {
  return c.body(body, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${csvFilename(name)}"`,
    'cache-control': 'no-store',
  });
}
