import { atom, computed } from 'nanostores';
import type { AdminStats } from '../../../shared/admin-stats.ts';
import type { RoleSummary, UserPage } from '../../../shared/admin-users.ts';
import type { ContactMessageView } from '../../../shared/contact.ts';
import type { UserView } from '../../../shared/users.ts';
import { isRoleName } from '../../../worker/src/domain/roles.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { api, call, keyOf, type Answer, type Key, type KeyAnswer } from '../lib/api-client.ts';
import { pageParams, tokenFromAddress, tokenInAddress, tokenTo, type PageToken } from '../lib/keyset-pages.ts';
import { exportHref } from './csv-export.ts';
import { bindLoadable, debounced, invalidate, loaded, setCached, startingWith, unbind, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The admin area's data: stats, the user list, one user, roles and contact messages. Islands
 * read these stores with useStore and change them only through the actions below.
 */

function errorState(error: unknown, notFound = false): { message: string; notFound: boolean } {
  const { title, message } = describeError(error);
  return { message: title === message ? title : `${title}. ${message}`, notFound };
}

function failureToast(title: string, error: unknown): string {
  const described = describeError(error);
  const description = error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : described.title;
  toast({ title, description, variant: 'destructive' });
  return description;
}

// ---------------------------------------------------------------------------------------------
// Sidebar

const SIDEBAR_KEY = 'drx_admin_sidebar_collapsed';

export const $sidebarCollapsed = atom(false);

function applySidebarAttribute(collapsed: boolean): void {
  if (typeof document === 'undefined') return;
  if (collapsed) document.documentElement.dataset.adminSidebar = 'collapsed';
  else delete document.documentElement.dataset.adminSidebar;
}

/** Reads the remembered state (the layout's inline script already applied it before paint). */
export function initSidebar(): void {
  let collapsed = false;
  try {
    collapsed = localStorage.getItem(SIDEBAR_KEY) === '1';
  } catch {
    // storage unavailable: start expanded
  }
  $sidebarCollapsed.set(collapsed);
  applySidebarAttribute(collapsed);
}

export function toggleSidebar(): void {
  const collapsed = !$sidebarCollapsed.get();
  $sidebarCollapsed.set(collapsed);
  applySidebarAttribute(collapsed);
  try {
    if (collapsed) localStorage.setItem(SIDEBAR_KEY, '1');
    else localStorage.removeItem(SIDEBAR_KEY);
  } catch {
    // storage unavailable: the state lasts for this page only
  }
}

// ---------------------------------------------------------------------------------------------
// Dashboard stats

export type { AdminStats, RoleSummary, UserPage };

export const $stats = atom<Loadable<AdminStats>>({ status: 'idle' });

export async function loadStats(): Promise<void> {
  await bindLoadable($stats, keyOf(api.admin.stats), { failed: (error) => errorState(error) });
}

// ---------------------------------------------------------------------------------------------
// Users list

export const USERS_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

export const $usersQuery = atom<{ q: string; role: string; page: number }>({ q: '', role: '', page: 1 });
export const $usersList = atom<Loadable<UserPage>>({ status: 'idle' });
export const $usersPageCount = computed($usersList, (s) =>
  s.status === 'ready' ? Math.max(1, Math.ceil(s.data.total / (s.data.pageSize || USERS_PAGE_SIZE))) : 1,
);

/** The CSV export of the users the filters select (every page). */
export const $usersExportHref = computed($usersQuery, ({ q, role }) => exportHref('/api/users/export.csv', { search: q, role }));

/** The token of the page asked for, when it is next to the one shown (lib/keyset-pages.ts). */
let usersToken: PageToken | undefined;
const usersSearch = debounced(SEARCH_DEBOUNCE_MS);

function writeUsersUrl(q: string, page: number): void {
  const url = new URL(location.href);
  if (q) url.searchParams.set('q', q);
  else url.searchParams.delete('q');
  const role = $usersQuery.get().role;
  if (role) url.searchParams.set('role', role);
  else url.searchParams.delete('role');
  if (page > 1) url.searchParams.set('page', String(page));
  else url.searchParams.delete('page');
  for (const [key, value] of Object.entries(tokenInAddress(page, usersToken))) {
    if (value) url.searchParams.set(key, value);
    else url.searchParams.delete(key);
  }
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

async function fetchUsers(): Promise<void> {
  const { q, role, page } = $usersQuery.get();
  const key = keyOf(api.users, { query: { search: q, ...pageParams(page, usersToken), pageSize: String(USERS_PAGE_SIZE), role: role || undefined } });
  await bindLoadable($usersList, key, { failed: (error) => errorState(error) });
}

/** Starts the list from the address (?q=, ?role=, ?page=). */
export function initUsersList(): void {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page'));
  const role = (params.get('role') ?? '').toUpperCase();
  $usersQuery.set({
    q: params.get('q') ?? '',
    role: isRoleName(role) ? role : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  });
  usersToken = tokenFromAddress(params, $usersQuery.get().page);
  void fetchUsers();
}

/** Typing in the search box: the box follows at once, the list and the address after a pause. */
export function setUsersSearch(q: string): void {
  $usersQuery.set({ ...$usersQuery.get(), q, page: 1 });
  usersSearch.run(() => {
    writeUsersUrl(q.trim(), 1);
    void fetchUsers();
  });
}

/** The role filter: the list and the address follow at once. */
export function setUsersRole(role: string): void {
  usersSearch.cancel();
  $usersQuery.set({ ...$usersQuery.get(), role, page: 1 });
  writeUsersUrl($usersQuery.get().q.trim(), 1);
  void fetchUsers();
}

export function setUsersPage(page: number): void {
  const q = $usersQuery.get().q;
  usersSearch.cancel();
  usersToken = tokenTo(page, loaded($usersList.get()));
  $usersQuery.set({ ...$usersQuery.get(), page });
  writeUsersUrl(q.trim(), page);
  void fetchUsers();
}

export function reloadUsers(): void {
  void fetchUsers();
}

// ---------------------------------------------------------------------------------------------
// One user

export const $userDetail = atom<Loadable<UserView>>({ status: 'idle' });
/** Which change is under way: 'active', 'grant' or 'revoke:{ROLE}'. */
export const $userDetailPending = atom<string | null>(null);
/** The last failed change, shown next to the controls as well as in a toast. */
export const $userDetailError = atom<string | null>(null);

/** Reads the id from /admin/users/{id}. */
export function userIdFromPath(pathname: string): string {
  const match = /^\/admin\/users\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

export async function loadUserDetail(idParam: string): Promise<void> {
  $userDetailError.set(null);
  if (!/^[1-9]\d{0,15}$/.test(idParam)) {
    unbind($userDetail);
    $userDetail.set({ status: 'error', message: 'User not found', notFound: true });
    return;
  }
  await bindLoadable($userDetail, keyOf(api.users[':id'], { param: { id: idParam } }), {
    keep: false,
    failed: (error) => (error instanceof ApiError && error.status === 404 ? { message: 'User not found', notFound: true } : errorState(error)),
  });
}

async function changeUser(
  pending: string,
  call: (user: UserView) => Promise<UserView>,
  success: (user: UserView) => { title: string; description: string },
  failureTitle: string,
): Promise<boolean> {
  const state = $userDetail.get();
  if (state.status !== 'ready' || $userDetailPending.get()) return false;
  $userDetailPending.set(pending);
  $userDetailError.set(null);
  try {
    const updated = await call(state.data);
    // the user's lists, counts and role holders changed; the user shown is the write's answer
    const userKey = keyOf(api.users[':id'], { param: { id: String(updated.id) } });
    const changed = startingWith('/api/users', '/api/admin/stats', '/api/roles');
    invalidate((key) => key !== userKey && changed(key));
    setCached(userKey, updated);
    toast({ ...success(updated), variant: 'default' });
    return true;
  } catch (error) {
    $userDetailError.set(`${failureTitle}: ${failureToast(failureTitle, error)}`);
    return false;
  } finally {
    $userDetailPending.set(null);
  }
}

export function displayName(user: Pick<UserView, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

export function setUserActive(active: boolean): Promise<boolean> {
  return changeUser(
    'active',
    (user) => call(api.users[':id'].$patch({ param: { id: String(user.id) }, json: { is_active: active } })),
    (user) => ({
      title: active ? 'Account reactivated' : 'Account deactivated',
      description: active ? `${displayName(user)} can sign in again.` : `${displayName(user)} has been signed out everywhere.`,
    }),
    active ? 'Failed to reactivate account' : 'Failed to deactivate account',
  );
}

export function grantRole(role: string): Promise<boolean> {
  return changeUser(
    'grant',
    (user) => call(api.users[':id'].roles.$post({ param: { id: String(user.id) }, json: { role } })),
    (user) => ({ title: 'Role granted', description: `${displayName(user)} now has ${role}.` }),
    'Failed to grant role',
  );
}

export function revokeRole(role: string): Promise<boolean> {
  return changeUser(
    `revoke:${role}`,
    (user) => call(api.users[':id'].roles[':role'].$delete({ param: { id: String(user.id), role: encodeURIComponent(role) } })),
    (user) => ({ title: 'Role revoked', description: `${displayName(user)} no longer has ${role}.` }),
    'Failed to revoke role',
  );
}

// ---------------------------------------------------------------------------------------------
// Roles

export const $roles = atom<Loadable<RoleSummary[]>>({ status: 'idle' });

export async function loadRoles(): Promise<void> {
  const key = keyOf(api.roles);
  await bindLoadable<KeyAnswer<typeof key>, RoleSummary[]>($roles, key, { pick: (answer) => answer.data, failed: (error) => errorState(error) });
}

// ---------------------------------------------------------------------------------------------
// Contact messages

export type ContactMessage = ContactMessageView;

/** A page of messages with the unread count, as GET /api/contact-messages answers it. */
export type MessagesPage = Answer<typeof api['contact-messages']['$get']>;

export const MESSAGES_PAGE_SIZE = 25;

export type MessagesFilter = 'all' | 'unread';

export const $messagesFilter = atom<MessagesFilter>('all');
export const $messages = atom<Loadable<MessagesPage>>({ status: 'idle' });
/** Ids of messages with a change under way. */
export const $messagesPending = atom<ReadonlySet<number>>(new Set());
export const $messagesPageCount = computed($messages, (s) =>
  s.status === 'ready' ? Math.max(1, Math.ceil(s.data.total / (s.data.pageSize || MESSAGES_PAGE_SIZE))) : 1,
);

/** Unread first, then newest first (within the page the server sends, newest first). */
function sortMessages(list: ContactMessage[]): ContactMessage[] {
  return [...list].sort((a, b) => {
    if (!a.read_at !== !b.read_at) return a.read_at ? 1 : -1;
    return b.created_at.localeCompare(a.created_at) || b.id - a.id;
  });
}

/** The key of the page shown: a change of one message puts the page it makes into the cache. */
let messagesKey: Key<MessagesPage> | '' = '';

export async function loadMessages(page = 1): Promise<void> {
  const key = keyOf(api['contact-messages'], { query: { status: $messagesFilter.get(), page: String(page), pageSize: String(MESSAGES_PAGE_SIZE) } });
  messagesKey = key;
  await bindLoadable<KeyAnswer<typeof key>, MessagesPage>($messages, key, {
    pick: (result) => ({ ...result, data: sortMessages(result.data) }),
    failed: (error) => errorState(error),
  });
}

/**
 * After a change of one message: the lists and counts are stale, except the page shown, which
 * takes the page the change makes (the change's answer) without being read again.
 */
function messageChanged(patch: (page: MessagesPage) => MessagesPage): void {
  const changed = startingWith('/api/contact-messages', '/api/admin/stats');
  const state = $messages.get();
  if (state.status !== 'ready') {
    invalidate(changed);
    return;
  }
  const shown = messagesKey;
  invalidate((key) => key !== shown && changed(key));
  setCached(shown, patch(state.data));
}

export function setMessagesPage(page: number): void {
  void loadMessages(page);
}

export function setMessagesFilter(filter: MessagesFilter): void {
  if (filter === $messagesFilter.get()) return;
  $messagesFilter.set(filter);
  void loadMessages(1);
}

function setPending(id: number, on: boolean): void {
  const next = new Set($messagesPending.get());
  if (on) next.add(id);
  else next.delete(id);
  $messagesPending.set(next);
}

export async function setMessageRead(id: number, read: boolean): Promise<boolean> {
  setPending(id, true);
  try {
    const updated = await call(api['contact-messages'][':id'].$patch({ param: { id: String(id) }, json: { read } }));
    messageChanged((shown) => {
      const before = shown.data.find((m) => m.id === id);
      const unreadDelta = before ? Number(!updated.read_at) - Number(!before.read_at) : 0;
      const leavesFilter = $messagesFilter.get() === 'unread' && Boolean(updated.read_at);
      const list = leavesFilter ? shown.data.filter((m) => m.id !== id) : shown.data.map((m) => (m.id === id ? updated : m));
      return {
        ...shown,
        data: sortMessages(list),
        total: shown.total - (leavesFilter && before ? 1 : 0),
        unread: Math.max(0, shown.unread + unreadDelta),
      };
    });
    toast({ title: read ? 'Marked as read' : 'Marked as unread', description: `“${updated.subject}”`, variant: 'default' });
    return true;
  } catch (error) {
    failureToast('Failed to update message', error);
    return false;
  } finally {
    setPending(id, false);
  }
}

export async function deleteMessage(id: number): Promise<boolean> {
  setPending(id, true);
  try {
    await call(api['contact-messages'][':id'].$delete({ param: { id: String(id) } }));
    messageChanged((shown) => {
      const removed = shown.data.find((m) => m.id === id);
      return {
        ...shown,
        data: shown.data.filter((m) => m.id !== id),
        total: Math.max(0, shown.total - (removed ? 1 : 0)),
        unread: Math.max(0, shown.unread - (removed && !removed.read_at ? 1 : 0)),
      };
    });
    toast({ title: 'Message deleted', description: 'The message was removed.', variant: 'default' });
    return true;
  } catch (error) {
    failureToast('Failed to delete message', error);
    return false;
  } finally {
    setPending(id, false);
  }
}
