import { atom } from 'nanostores';
import type { PracticeReportView } from '../../../shared/practice.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { api, call } from '../lib/api-client.ts';
import { toast } from './toasts.ts';

/**
 * /admin/practice-reports (decision 0070): the moderators' queue of reported takes, notes and
 * replies, one status at a time, newest first, paged by the API's keyset tokens (Next follows
 * `next`; Previous goes back to the token the shown page was read with).
 */

export type ReportStatus = 'open' | 'dismissed' | 'actioned';
export type { PracticeReportView };

export const REPORT_STATUSES: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'actioned', label: 'Hidden' },
  { value: 'dismissed', label: 'Dismissed' },
];

export type ReportsState =
  | { status: 'loading'; data?: PracticeReportView[] }
  | { status: 'ready'; data: PracticeReportView[]; next: string | null }
  | { status: 'error'; message: string };

export const $reportStatus = atom<ReportStatus>('open');
export const $reports = atom<ReportsState>({ status: 'loading' });
/** The tokens of the pages before the shown one (the first page has none). */
export const $reportPages = atom<(string | undefined)[]>([]);
/** Reports being decided. */
export const $reportsPending = atom<ReadonlySet<number>>(new Set());

let shownCursor: string | undefined;
let asked = 0;

async function load(cursor: string | undefined): Promise<void> {
  const mine = ++asked;
  const previous = $reports.get();
  $reports.set({ status: 'loading', data: previous.status === 'ready' ? previous.data : undefined });
  try {
    const page = await call(api.admin['practice-reports'].$get({ query: { status: $reportStatus.get(), ...(cursor ? { cursor } : {}) } }));
    if (mine !== asked) return;
    shownCursor = cursor;
    $reports.set({ status: 'ready', data: page.data, next: page.next });
  } catch (error) {
    if (mine !== asked) return;
    $reports.set({ status: 'error', message: describeError(error).title });
  }
}

/** Reads the status from the address (?status=), then the first page. */
export function initPracticeReports(): void {
  const status = new URLSearchParams(location.search).get('status');
  if (REPORT_STATUSES.some((s) => s.value === status)) $reportStatus.set(status as ReportStatus);
  $reportPages.set([]);
  void load(undefined);
}

export function setReportStatus(status: ReportStatus): void {
  $reportStatus.set(status);
  const url = new URL(location.href);
  if (status === 'open') url.searchParams.delete('status');
  else url.searchParams.set('status', status);
  history.replaceState(history.state, '', url.pathname + url.search);
  $reportPages.set([]);
  void load(undefined);
}

export function nextReportsPage(): void {
  const state = $reports.get();
  if (state.status !== 'ready' || !state.next) return;
  $reportPages.set([...$reportPages.get(), shownCursor]);
  void load(state.next);
}

export function previousReportsPage(): void {
  const pages = $reportPages.get();
  if (pages.length === 0) return;
  $reportPages.set(pages.slice(0, -1));
  void load(pages.at(-1));
}

export const reloadReports = () => void load(shownCursor);

function setPending(id: number, on: boolean): void {
  const next = new Set($reportsPending.get());
  if (on) next.add(id);
  else next.delete(id);
  $reportsPending.set(next);
}

/** Dismisses a report or hides what it names; the report leaves the open list. */
export async function decideReport(id: number, action: 'dismiss' | 'hide'): Promise<boolean> {
  setPending(id, true);
  try {
    const decided = await call(api.admin['practice-reports'][':id'].$post({ param: { id: String(id) }, json: { action } }));
    const state = $reports.get();
    if (state.status === 'ready') {
      const stays = $reportStatus.get() !== 'open';
      $reports.set({ ...state, data: stays ? state.data.map((r) => (r.id === id ? decided : r)) : state.data.filter((r) => r.id !== id) });
    }
    toast({ title: action === 'hide' ? 'Hidden' : 'Report dismissed', description: action === 'hide' ? 'Only moderators see it now.' : 'Nothing was changed.', variant: 'default' });
    return true;
  } catch (error) {
    const message = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : describeError(error).title;
    toast({ title: 'The report could not be decided', description: message, variant: 'destructive' });
    if (error instanceof ApiError && error.status === 409) reloadReports();
    return false;
  } finally {
    setPending(id, false);
  }
}
