export const TOKEN_KEY = 'access_token';

export type ValidationErrors = Record<string, string[]>;

/** An error answer of the API, in its one shape, with the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly validationErrors?: ValidationErrors;
  constructor(status: number, message: string, validationErrors?: ValidationErrors) {
    super(message);
    this.status = status;
    this.validationErrors = validationErrors;
  }
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): the session lasts for this page only
  }
}

/**
 * fetch with the bearer token and credentials (cookies too). A 401 removes the stored token; the
 * message 'Invalid token' sends the visitor to sign in again, /auth?redirect={current path}. Only while
 * the token sent is still the stored one: a request answered after a sign-out (or a new sign-in)
 * began speaks for a session the page has already left, and must not take the page elsewhere.
 */
export const authedFetch: typeof fetch = async (input, init = {}) => {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(input, { ...init, headers, credentials: 'include' });
  if (res.status === 401 && token && getToken() === token) {
    setToken(null);
    const body = (await res.clone().json().catch(() => null)) as { message?: string } | null;
    if (body?.message === 'Invalid token' && !location.pathname.startsWith('/auth')) {
      location.assign(`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`);
    }
  }
  return res;
};

/** Reads an answer: its JSON on success, an ApiError in the error shape otherwise. */
export async function readJson<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const err = (body ?? {}) as { message?: unknown; validationErrors?: ValidationErrors };
    const message = typeof err.message === 'string' ? err.message : `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, message, err.validationErrors);
  }
  return body as T;
}

/** A JSON call by path, for calls outside the typed client (uploads, tests). */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await authedFetch(path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  } catch {
    throw new ApiError(0, 'Network error occurred');
  }
  return readJson<T>(res);
}

/** The generic parsing of a failed answer: a title and a help text for any failure. */
export function describeError(error: unknown): { title: string; message: string; validationErrors?: ValidationErrors } {
  if (error instanceof ApiError) {
    if (error.status === 0) return { title: 'Network error occurred', message: 'Please check your internet connection and try again.' };
    if (error.status === 400)
      return { title: error.message, message: 'Please check your input and try again.', validationErrors: error.validationErrors };
    if (error.status === 401) return { title: 'Invalid credentials', message: 'Please check your email and password.' };
    if (error.status === 403) return { title: 'Access denied', message: "You don't have permission to perform this action." };
    if (error.status >= 500) return { title: 'Server error occurred', message: 'Please try again in a moment.' };
    return { title: error.message, message: 'Please check your input and try again.' };
  }
  return { title: 'An unexpected error occurred', message: error instanceof Error ? error.message : String(error) };
}
