import { atom, type WritableAtom } from 'nanostores';
import type {
  CommunityEditView,
  CommunityPendingView,
  CommunityReportStatus,
  CommunityReportView,
  CommunitySuspensionView,
} from '../../../shared/community.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { api, call } from '../lib/api-client.ts';
import { toast } from './toasts.ts';

/**
 * /admin/community (decision 0075): the moderators' three queues — reported posts (one status at
 * a time; open ones oldest first), posts held for approval, and members suspended from posting —
 * each paged by the API's keyset tokens (Next follows `next`; Previous goes back to the token the
 * shown page was read with). The tab and the report status live in the address.
 */

export type { CommunityEditView, CommunityPendingView, CommunityReportView, CommunitySuspensionView };
export type ModerationTab = 'reports' | 'held' | 'members';
export const MODERATION_TABS: { value: ModerationTab; label: string }[] = [
  { value: 'reports', label: 'Reports' },
  { value: 'held', label: 'Held posts' },
  { value: 'members', label: 'Members' },
];
export const REPORT_STATUSES: { value: CommunityReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'actioned', label: 'Acted on' },
  { value: 'dismissed', label: 'Dismissed' },
];

export type ListState<T> = { status: 'loading'; data?: T[] } | { status: 'ready'; data: T[]; next: string | null } | { status: 'error'; message: string };

/** One keyset-paged list: its state, the tokens of the pages before the shown one, and its reader. */
export interface PagedList<T> {
  $state: WritableAtom<ListState<T>>;
  $pages: WritableAtom<(string | undefined)[]>;
  load: (cursor: string | undefined) => Promise<void>;
  first: () => void;
  next: () => void;
  previous: () => void;
  reload: () => void;
  /** Drops an item the shown page no longer holds (a decided report, an approved post). */
  remove: (match: (item: T) => boolean) => void;
  replace: (match: (item: T) => boolean, item: T) => void;
}

function pagedList<T>(read: (cursor: string | undefined) => Promise<{ data: T[]; next: string | null }>): PagedList<T> {
  const $state = atom<ListState<T>>({ status: 'loading' });
  const $pages = atom<(string | undefined)[]>([]);
  let shown: string | undefined;
  let asked = 0;
  const load = async (cursor: string | undefined) => {
    const mine = ++asked;
    const previous = $state.get();
    $state.set({ status: 'loading', data: previous.status === 'ready' ? previous.data : undefined });
    try {
      const page = await read(cursor);
      if (mine !== asked) return;
      shown = cursor;
      $state.set({ status: 'ready', data: page.data, next: page.next });
    } catch (error) {
      if (mine !== asked) return;
      $state.set({ status: 'error', message: describeError(error).title });
    }
  };
  const edit = (change: (data: T[]) => T[]) => {
    const state = $state.get();
    if (state.status === 'ready') $state.set({ ...state, data: change(state.data) });
  };
  return {
    $state,
    $pages,
    load,
    first: () => {
      $pages.set([]);
      void load(undefined);
    },
    next: () => {
      const state = $state.get();
      if (state.status !== 'ready' || !state.next) return;
      $pages.set([...$pages.get(), shown]);
      void load(state.next);
    },
    previous: () => {
      const pages = $pages.get();
      if (pages.length === 0) return;
      $pages.set(pages.slice(0, -1));
      void load(pages.at(-1));
    },
    reload: () => void load(shown),
    remove: (match) => edit((data) => data.filter((item) => !match(item))),
    replace: (match, item) => edit((data) => data.map((d) => (match(d) ? item : d))),
  };
}

const admin = api.admin.community;

export const $tab = atom<ModerationTab>('reports');
export const $reportStatus = atom<CommunityReportStatus>('open');
export const reports = pagedList<CommunityReportView>((cursor) => call(admin.reports.$get({ query: { status: $reportStatus.get(), ...(cursor ? { cursor } : {}) } })));
export const held = pagedList<CommunityPendingView>((cursor) => call(admin.pending.$get({ query: cursor ? { cursor } : {} })));
export const suspensions = pagedList<CommunitySuspensionView>((cursor) => call(admin.suspensions.$get({ query: cursor ? { cursor } : {} })));

/** Keys (`report:3`, `post:7`, `member:5`) of the decisions being sent. */
export const $busy = atom<ReadonlySet<string>>(new Set());
function setBusy(key: string, on: boolean): void {
  const next = new Set($busy.get());
  if (on) next.add(key);
  else next.delete(key);
  $busy.set(next);
}

const listOf: Record<ModerationTab, { first: () => void }> = { reports, held, members: suspensions };
const loaded = new Set<ModerationTab>();

function writeAddress(): void {
  const url = new URL(location.href);
  const tab = $tab.get();
  if (tab === 'reports') url.searchParams.delete('tab');
  else url.searchParams.set('tab', tab);
  const status = $reportStatus.get();
  if (tab !== 'reports' || status === 'open') url.searchParams.delete('status');
  else url.searchParams.set('status', status);
  history.replaceState(history.state, '', url.pathname + url.search);
}

/** Reads the tab and status from the address (?tab=, ?status=), then the tab's first page. */
export function initCommunityModeration(): void {
  const params = new URLSearchParams(location.search);
  const tab = params.get('tab');
  if (MODERATION_TABS.some((t) => t.value === tab)) $tab.set(tab as ModerationTab);
  const status = params.get('status');
  if (REPORT_STATUSES.some((s) => s.value === status)) $reportStatus.set(status as CommunityReportStatus);
  showTab($tab.get());
}

export function showTab(tab: ModerationTab): void {
  $tab.set(tab);
  writeAddress();
  if (!loaded.has(tab)) {
    loaded.add(tab);
    listOf[tab].first();
  }
}

export function setReportStatus(status: CommunityReportStatus): void {
  $reportStatus.set(status);
  writeAddress();
  reports.first();
}

function refusal(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : describeError(error).title;
}

const DECISION_TOASTS = {
  dismiss: { title: 'Report dismissed', description: 'The post stays as it is.' },
  hide: { title: 'Post hidden', description: 'Only its author and moderators see it now.' },
  delete: { title: 'Post deleted', description: 'Its text is gone; the audit log keeps what it said.' },
} as const;

/** Decides a report (and every open report of its post); the post's reports leave the open list. */
export async function decideReport(report: CommunityReportView, action: 'dismiss' | 'hide' | 'delete'): Promise<boolean> {
  const key = `report:${report.id}`;
  setBusy(key, true);
  try {
    const decided = await call(admin.reports[':id'].$post({ param: { id: String(report.id) }, json: { action } }));
    if ($reportStatus.get() === 'open') reports.remove((r) => r.post.id === report.post.id);
    else reports.replace((r) => r.id === report.id, decided);
    toast({ ...DECISION_TOASTS[action], variant: 'default' });
    return true;
  } catch (error) {
    toast({ title: 'The report could not be decided', description: refusal(error), variant: 'destructive' });
    if (error instanceof ApiError && error.status === 409) reports.reload();
    return false;
  } finally {
    setBusy(key, false);
  }
}

/** Approves (shows, and tells the people it concerns) or rejects (deletes) a held post. */
export async function decideHeld(item: CommunityPendingView, action: 'approve' | 'reject'): Promise<boolean> {
  const key = `post:${item.post.id}`;
  setBusy(key, true);
  try {
    const param = { param: { id: String(item.post.id) } };
    await call(action === 'approve' ? admin.posts[':id'].approve.$post(param) : admin.posts[':id'].reject.$post(param));
    held.remove((h) => h.post.id === item.post.id);
    toast({
      title: action === 'approve' ? 'Post approved' : 'Post rejected',
      description: action === 'approve' ? 'It is shown now, and its author’s next posts are no longer held.' : 'It was deleted and will not be shown.',
      variant: 'default',
    });
    return true;
  } catch (error) {
    toast({ title: 'The post could not be decided', description: refusal(error), variant: 'destructive' });
    if (error instanceof ApiError && error.status === 409) held.reload();
    return false;
  } finally {
    setBusy(key, false);
  }
}

/** A post's earlier versions, read when a moderator opens them. */
export async function loadHistory(postId: number): Promise<CommunityEditView[]> {
  return call(admin.posts[':id'].history.$get({ param: { id: String(postId) } }));
}

/** The member a moderator is about to suspend, chosen from a post (prefills the Members form). */
export const $suspendTarget = atom<{ id: number; name: string } | null>(null);

export function suspendAuthorOf(author: { id: number; name: string }): void {
  $suspendTarget.set(author);
  showTab('members');
}

export type SuspendResult = { ok: true } | { ok: false; message: string; fields?: Record<string, string[]> };

/** Suspends a member (by the chosen author, or by username) for N days with a reason. */
export async function suspend(input: { user_id?: number; username?: string; days: number; reason: string }): Promise<SuspendResult> {
  setBusy('suspend', true);
  try {
    const view = await call(admin.suspensions.$post({ json: input }));
    $suspendTarget.set(null);
    suspensions.first();
    toast({ title: 'Member suspended', description: `${view.user.name} cannot post until ${new Date(view.until).toLocaleDateString('en-US', { dateStyle: 'medium' })}.`, variant: 'default' });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: refusal(error), ...(error instanceof ApiError && error.validationErrors ? { fields: error.validationErrors } : {}) };
  } finally {
    setBusy('suspend', false);
  }
}

export async function lift(suspension: CommunitySuspensionView): Promise<boolean> {
  const key = `member:${suspension.user.id}`;
  setBusy(key, true);
  try {
    // 204, or 404 when it had already ended or been lifted: either way it no longer runs.
    const res = (await admin.suspensions[':userId'].$delete({ param: { userId: String(suspension.user.id) } })) as unknown as Response;
    if (!res.ok && res.status !== 404) throw new ApiError(res.status, ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? 'The suspension could not be lifted.');
    suspensions.remove((s) => s.user.id === suspension.user.id);
    toast({ title: 'Suspension lifted', description: `${suspension.user.name} can post again.`, variant: 'default' });
    return true;
  } catch (error) {
    toast({ title: 'The suspension could not be lifted', description: refusal(error), variant: 'destructive' });
    return false;
  } finally {
    setBusy(key, false);
  }
}
