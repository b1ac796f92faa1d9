import { atom } from 'nanostores';
import type { SessionView } from '../../../shared/sessions.ts';
import type { OutboxMessageView } from '../../../shared/outbox.ts';
import type { InferRequestType } from 'hono/client';
import { setToken } from '../lib/api.ts';
import { api, call, keyOf, type Answer, type KeyAnswer } from '../lib/api-client.ts';
import { setSignedInUser } from './auth.ts';
import { bind, invalidate, toLoadable, type Loadable } from './query.ts';

const SESSIONS_KEY = keyOf(api.me.sessions);

/**
 * Account recovery and session control (decision 0016): the session list of /profile/manage,
 * password change, forgot and reset password, and the admin's outbox at /admin/messages.
 */

export type { SessionView, OutboxMessageView };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

// ---------- sessions ----------

export const $sessions = atom<Loadable<SessionView[]>>({ status: 'idle' });
/** Session ids being signed out right now (their buttons are disabled). */
export const $sessionsPending = atom<ReadonlySet<number | 'others'>>(new Set());

function markPending(key: number | 'others', on: boolean) {
  const next = new Set($sessionsPending.get());
  if (on) next.add(key);
  else next.delete(key);
  $sessionsPending.set(next);
}

export async function loadSessions(): Promise<void> {
  await bind<KeyAnswer<typeof SESSIONS_KEY>, Loadable<SessionView[]>>($sessions, SESSIONS_KEY, (v) => toLoadable(v, (raw) => raw.data, messageOf));
}

/** After a change of sessions: the list is read again. */
function reloadSessions(): Promise<void> {
  invalidate(SESSIONS_KEY);
  return loadSessions();
}

/** The local part of signing out: forget the token and the user (the server ended the session). */
function forgetLocalSession() {
  setToken(null);
  setSignedInUser(null);
}

/** Signs out one session. Ending the current one signs this browser out and returns true. */
export async function signOutSession(id: number): Promise<boolean> {
  markPending(id, true);
  try {
    const res = await call(api.me.sessions[':id'].$delete({ param: { id: String(id) } }));
    if (res.current) {
      forgetLocalSession();
      return true;
    }
    await reloadSessions();
    return false;
  } finally {
    markPending(id, false);
  }
}

/** "Sign out everywhere": every other session ends here; this one ends with the usual Sign Out. */
export async function signOutOtherSessions(): Promise<number> {
  markPending('others', true);
  try {
    const res = await call(api.me.sessions['revoke-others'].$post());
    await reloadSessions();
    return res.revoked;
  } finally {
    markPending('others', false);
  }
}

// ---------- passwords ----------

export async function changePassword(input: InferRequestType<typeof api.me.password.$post>['json']): Promise<string> {
  const res = await call(api.me.password.$post({ json: input }));
  await reloadSessions();
  return res.message;
}

// Forgot and reset password live in ./password-reset.ts: their public pages load nothing else.
export { requestPasswordReset, resetPassword } from './password-reset.ts';

// ---------- outbox (admin) ----------

/** A page of the outbox, as GET /api/admin/outbox answers it. */
export type OutboxPage = Answer<typeof api.admin.outbox.$get>;

export const OUTBOX_PAGE_SIZE = 20;
export const $outbox = atom<Loadable<OutboxPage>>({ status: 'idle' });

export async function loadOutbox(page = 1): Promise<void> {
  const key = keyOf(api.admin.outbox, { query: { page: String(page), pageSize: String(OUTBOX_PAGE_SIZE) } });
  await bind<KeyAnswer<typeof key>, Loadable<OutboxPage>>($outbox, key, (v) => toLoadable(v, (raw) => raw, messageOf));
}
