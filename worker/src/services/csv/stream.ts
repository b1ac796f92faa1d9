import type { Context } from 'hono';
import { badRequest } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { nextTurn } from '../../platform/next-turn.ts';
import { csvField, csvFilename, csvRecord, type CsvColumn } from './writer.ts';

/**
 * An admin export streamed in pages (decision 0041): the rows are read from the database a page at
 * a time, each page after the last row of the one before (a keyset in the list's order, never an
 * OFFSET), and written out as they come, so an export of a million rows holds one page in memory
 * and its first bytes leave before its last row is read.
 */
export interface CsvExport<Row, Cursor> {
  columns: readonly CsvColumn<Row>[];
  /** How many rows the export holds, counted before any row is read (a running total where the list keeps one). */
  total(): Promise<number>;
  /** Up to `limit` rows in the list's order: from the first, or after the row `after` names. */
  page(after: Cursor | undefined, limit: number): Promise<Row[]>;
  /** The position of the last row read (`read` rows so far) in the list's order, for the next page. */
  cursorOf(row: Row, read: number): Cursor;
}

/** At most this many rows in one export; above it the admin is asked to narrow the filters. */
export const CSV_MAX_ROWS = 2_000_000;
/**
 * Rows read from the database per page. The embedded database answers on the server's own thread,
 * and a page's rows are then made into records there too: at 1,000 rows a page of orders held
 * every other request for up to 230 ms; at 200, 12–20 ms a page (40 ms cold) on a million orders;
 * at 100, 7–8 ms, so a request that arrives during an export waits at most about that long.
 */
export const CSV_PAGE_ROWS = 100;

export function tooManyRows(max: number): Error {
  return badRequest(`Too many rows to export (more than ${max.toLocaleString('en-US')}). Narrow the filters and try again.`);
}

function records<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  let out = '';
  for (const row of rows) out += `${csvRecord(columns.map((c) => csvField(c.value(row), { text: (c.kind ?? 'text') === 'text' })))}\r\n`;
  return out;
}

/**
 * The export as a stream of UTF-8 bytes: the header record at once, then a page of records each
 * time the reader asks for more (so a slow reader slows the reading down), until a short page.
 */
export function csvStream<Row, Cursor>(exp: CsvExport<Row, Cursor>, pageRows = CSV_PAGE_ROWS): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: Cursor | undefined;
  let read = 0;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`${csvRecord(exp.columns.map((c) => csvField(c.header)))}\r\n`));
          return;
        }
        // A stream pulls its next page as soon as the reader takes one (a compressor takes several
        // before it pushes back): without a turn between pages they ran back to back in one turn.
        await nextTurn();
        const rows = await exp.page(after, pageRows);
        if (rows.length > 0) {
          // Reading a page and writing its records are turns of their own.
          await nextTurn();
          controller.enqueue(encoder.encode(records(exp.columns, rows)));
          read += rows.length;
          after = exp.cursorOf(rows[rows.length - 1]!, read);
        }
        if (rows.length < pageRows) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}

/** The client takes gzip (and does not refuse it with q=0). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    return coding?.trim().toLowerCase() === 'gzip' && !params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
  });
}

/**
 * The download answer of a streamed export: the count is checked against the cap before any row
 * is read (a 400 in the API's error shape), then text/csv in UTF-8 as an attachment named
 * `<name>-YYYY-MM-DD.csv`, never cached, compressed as it streams when the client takes gzip.
 */
export async function csvExportResponse<Row, Cursor>(c: Context, name: string, exp: CsvExport<Row, Cursor>, max = CSV_MAX_ROWS): Promise<Response> {
  if ((await exp.total()) > max) throw tooManyRows(max);
  let body: ReadableStream<Uint8Array> = csvStream(exp);
  const headers: Record<string, string> = {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${csvFilename(name)}"`,
    'cache-control': 'no-store',
    vary: 'Accept-Encoding',
  };
  if (acceptsGzip(c.req.header('accept-encoding'))) {
    // Each page compressed as it comes where the runtime can (Node); else the web's compressor.
    const gzipStream = (c.get('platform') as Platform | undefined)?.gzipStream;
    body = gzipStream ? gzipStream(body) : body.pipeThrough(new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
    headers['content-encoding'] = 'gzip';
  }
  return c.body(body, 200, headers);
}
