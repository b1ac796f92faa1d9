import { atom, computed } from 'nanostores';
import type { UserView } from '../../../worker/src/services/users.ts';
import { ApiError, apiFetch, getToken, setToken } from '../lib/api.ts';

export type User = UserView;

export type AuthState = { status: 'loading' } | { status: 'ready'; user: User | null };

/** The signed-in user, loaded once per page from GET /api/me. */
export const $auth = atom<AuthState>({ status: 'loading' });
export const $user = computed($auth, (s) => (s.status === 'ready' ? s.user : null));

const STALE_MS = 10_000;
let lastLoaded = 0;
let inFlight: Promise<User | null> | null = null;

/** GET /api/me; a 401 (or no token) yields no user. Cached for 10 s (§9). */
export function loadUser(force = false): Promise<User | null> {
  const state = $auth.get();
  if (!force && state.status === 'ready' && Date.now() - lastLoaded < STALE_MS) return Promise.resolve(state.user);
  if (inFlight) return inFlight;
  if (!getToken()) {
    $auth.set({ status: 'ready', user: null });
    return Promise.resolve(null);
  }
  inFlight = apiFetch<User>('/api/me')
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    })
    .then((user) => {
      lastLoaded = Date.now();
      $auth.set({ status: 'ready', user });
      return user;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export async function login(username: string, password: string): Promise<User> {
  const res = await apiFetch<{ access_token: string; user: User }>('/api/login', {
    method: 'POST',
    json: { username, password },
  });
  setToken(res.access_token);
  lastLoaded = Date.now();
  $auth.set({ status: 'ready', user: res.user });
  return res.user;
}

export interface RegisterInput {
  username: string;
  password: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

export async function register(input: RegisterInput): Promise<User> {
  const res = await apiFetch<{ access_token: string; user: User }>('/api/register', { method: 'POST', json: input });
  setToken(res.access_token);
  lastLoaded = Date.now();
  $auth.set({ status: 'ready', user: res.user });
  return res.user;
}

/** POST /api/logout, then clear the token and cached data and go to / (§4). */
export async function logout(): Promise<void> {
  try {
    await apiFetch('/api/logout', { method: 'POST' });
  } finally {
    setToken(null);
    $auth.set({ status: 'ready', user: null });
    lastLoaded = 0;
  }
}

/** Re-reads the user, e.g. after a profile image change (profile-image-updated, auth-refresh-required). */
export function refreshUser(): Promise<User | null> {
  return loadUser(true);
}

if (typeof window !== 'undefined') {
  window.addEventListener('profile-image-updated', () => void refreshUser());
  window.addEventListener('auth-refresh-required', () => void refreshUser());
}
