import type { FetcherValue } from '@nanostores/query';
import { atom } from 'nanostores';
import type { PreferenceGroupView, PreferenceView } from '../../../shared/notification-preferences.ts';
import type { NotificationView } from '../../../shared/notifications.ts';
import { describeError } from '../lib/api.ts';
import { api, call, keyOf, type Answer, type KeyAnswer } from '../lib/api-client.ts';
import { bind, invalidate, setCached, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The notifications page (decision 0033): the user's notices (mark one or all read)
 * and their choices per kind. Every change of the unread count is told to the header's bell
 * (islands/user-menu.ts) with the `drx:notifications` event.
 */

export type { NotificationView, PreferenceGroupView, PreferenceView };

/** The notices and the unread count, as GET /api/notifications answers them. */
export type NotificationList = Answer<typeof api.notifications.$get>;

export const NOTIFICATIONS_KEY = keyOf(api.notifications);
export const PREFERENCES_KEY = keyOf(api.notifications.preferences);

export const $notifications = atom<Loadable<NotificationList>>({ status: 'idle' });
export const $preferences = atom<Loadable<PreferenceGroupView[]>>({ status: 'idle' });
/** The choices being edited (kind → channels), saved together. */
export const $draft = atom<Record<string, { in_app: boolean; email: boolean }>>({});
export const $saving = atom(false);

function failure(error: unknown): string {
  const d = describeError(error);
  return d.title === d.message ? d.title : `${d.title}. ${d.message}`;
}

function loadable<T, R>(map: (data: T) => R) {
  return (value: FetcherValue<T, unknown>): Loadable<R> => {
    if (value.data !== undefined) return { status: 'ready', data: map(value.data) };
    if (value.error !== undefined && !value.loading) return { status: 'error', message: failure(value.error) };
    return { status: 'loading' };
  };
}

/** Tells the header's bell the unread count. */
export function announceUnread(unread: number): void {
  window.dispatchEvent(new CustomEvent('drx:notifications', { detail: { unread } }));
}

export async function loadNotifications(): Promise<void> {
  const answer = await bind<KeyAnswer<typeof NOTIFICATIONS_KEY>, Loadable<NotificationList>>($notifications, NOTIFICATIONS_KEY, loadable((d) => d));
  if (answer.ok) announceUnread(answer.data.unread);
}

function showList(list: NotificationList): void {
  setCached(NOTIFICATIONS_KEY, list);
  $notifications.set({ status: 'ready', data: list });
  announceUnread(list.unread);
}

/** Marks one notice read (before following its link). */
export async function markRead(id: number): Promise<boolean> {
  try {
    showList(await call(api.notifications[':id'].read.$post({ param: { id: String(id) } })));
    return true;
  } catch (error) {
    toast({ title: 'Could not mark the notification read', description: failure(error), variant: 'destructive' });
    return false;
  }
}

export async function markAllRead(): Promise<void> {
  try {
    showList(await call(api.notifications['read-all'].$post()));
    toast({ title: 'All notifications marked read' });
  } catch (error) {
    toast({ title: 'Could not mark the notifications read', description: failure(error), variant: 'destructive' });
  }
}

function draftOf(groups: PreferenceGroupView[]): Record<string, { in_app: boolean; email: boolean }> {
  return Object.fromEntries(groups.flatMap((g) => g.kinds.map((k) => [k.kind, { in_app: k.in_app, email: k.email }])));
}

export async function loadPreferences(): Promise<void> {
  const answer = await bind<KeyAnswer<typeof PREFERENCES_KEY>, Loadable<PreferenceGroupView[]>>($preferences, PREFERENCES_KEY, loadable((d) => d.groups));
  if (answer.ok) $draft.set(draftOf(answer.data.groups));
}

export function setChoice(kind: string, channel: 'in_app' | 'email', on: boolean): void {
  const draft = $draft.get();
  const current = draft[kind] ?? { in_app: false, email: false };
  $draft.set({ ...draft, [kind]: { ...current, [channel]: on } });
}

/** Saves the choices that differ from the stored ones (PUT /api/notifications/preferences). */
export async function savePreferences(): Promise<boolean> {
  const state = $preferences.get();
  if (state.status !== 'ready') return false;
  const draft = $draft.get();
  const changes = state.data
    .flatMap((g) => g.kinds)
    .filter((k) => draft[k.kind] && (draft[k.kind]!.in_app !== k.in_app || draft[k.kind]!.email !== k.email))
    .map((k) => ({ kind: k.kind, ...(k.channels.includes('in_app') ? { in_app: draft[k.kind]!.in_app } : {}), ...(k.channels.includes('email') ? { email: draft[k.kind]!.email } : {}) }))
    .filter((c) => Object.keys(c).length > 1);
  if (changes.length === 0) {
    toast({ title: 'Nothing to save', description: 'Your notification choices are as they were.' });
    return true;
  }
  $saving.set(true);
  try {
    const answer = await call(api.notifications.preferences.$put({ json: { preferences: changes } }));
    setCached(PREFERENCES_KEY, answer);
    $preferences.set({ status: 'ready', data: answer.groups });
    $draft.set(draftOf(answer.groups));
    toast({ title: 'Notification choices saved' });
    return true;
  } catch (error) {
    toast({ title: 'Could not save your choices', description: failure(error), variant: 'destructive' });
    invalidate(PREFERENCES_KEY);
    return false;
  } finally {
    $saving.set(false);
  }
}
