import { map } from 'nanostores';
import { ApiError, describeError } from '../lib/api.ts';
import { downloadAuthed } from './download.ts';

/**
 * The "Export CSV" of every admin list: the list's API path + /export.csv with the
 * list's current filters, fetched with the admin's token (a plain link does not send it) and
 * handed to the browser as a download. One state per list: exporting, or the last failure.
 */

export type CsvExportState = { pending: boolean; error: string | null };

export const $csvExports = map<Record<string, CsvExportState>>({});

const IDLE: CsvExportState = { pending: false, error: null };
export const csvExportState = (states: Record<string, CsvExportState>, list: string): CsvExportState => states[list] ?? IDLE;

/** `path` with the filters as its query; empty values are left out. */
export function exportHref(path: string, filters: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text) params.set(key, text);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  return describeError(error).title;
}

/** Downloads the list's CSV; a second click while it runs does nothing; a failure is kept to be shown by the button. */
export async function exportCsv(list: string, href: string, fallbackName = `${list}.csv`): Promise<void> {
  if (csvExportState($csvExports.get(), list).pending) return;
  $csvExports.setKey(list, { pending: true, error: null });
  try {
    await downloadAuthed(href, fallbackName);
    $csvExports.setKey(list, IDLE);
  } catch (error) {
    $csvExports.setKey(list, { pending: false, error: `Export failed: ${failureMessage(error)}` });
  }
}
