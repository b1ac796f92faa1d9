/**
 * The one CSV writer of the admin exports (streamed by csv/stream.ts): RFC 4180 — every field quoted, quotes
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

/** The headers of a list of columns (what a test expects as the first record). */
export function csvHeaders<Row>(columns: readonly CsvColumn<Row>[]): string[] {
  return columns.map((c) => c.header);
}

/** Cents as dollars with two decimals ("19.99"). */
export const centsAsDollars = (cents: number | null | undefined): string | null =>
  cents === null || cents === undefined ? null : (cents / 100).toFixed(2);

/** `<name>-YYYY-MM-DD.csv` (UTC day). */
export function csvFilename(name: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}
