import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Signing out against a stand-in browser: the store says a sign-out is under way until the page is
 * left, so a page's guard does not send the signed-out user to /auth while the sign-out goes to /.
 */

const USER = { id: 7, username: 'learner', role: 'STUDENT' };
let storage: Map<string, string>;
let logoutAnswer: () => Promise<Response>;

beforeEach(() => {
  vi.resetModules();
  storage = new Map([['access_token', 'token-1']]);
  vi.stubGlobal('window', new EventTarget());
  // A browser's window-level listeners (the query layer, loaded once a user is known, listens for
  // focus and reconnection).
  vi.stubGlobal('addEventListener', () => undefined);
  vi.stubGlobal('removeEventListener', () => undefined);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, String(v)),
    removeItem: (k: string) => void storage.delete(k),
  });
  vi.stubGlobal('location', { pathname: '/dashboard/user', search: '', assign: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => (String(input) === '/api/logout' ? logoutAnswer() : Response.json(USER))),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('logout', () => {
  it('forgets the user and the token, and stays signing out until the page is left', async () => {
    const auth = await import('./auth.ts');
    auth.setSignedInUser(USER as never);
    let during: boolean | undefined;
    logoutAnswer = async () => {
      during = auth.$signingOut.get();
      return new Response(null, { status: 204 });
    };
    await auth.logout();
    expect(during).toBe(true);
    expect(auth.$signingOut.get()).toBe(true);
    expect(auth.$user.get()).toBeNull();
    expect(storage.has('access_token')).toBe(false);
  });

  it('when the server cannot be reached: the token is gone, the error is thrown and the guard may act again', async () => {
    const auth = await import('./auth.ts');
    auth.setSignedInUser(USER as never);
    logoutAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(auth.logout()).rejects.toThrow();
    expect(auth.$signingOut.get()).toBe(false);
    expect(auth.$user.get()).toBeNull();
    expect(storage.has('access_token')).toBe(false);
  });

  it('a request of the page answered 401 once the session ended does not send the page to /auth', async () => {
    const auth = await import('./auth.ts');
    const api = await import('../lib/api.ts');
    auth.setSignedInUser(USER as never);
    // A read sent with the session's token, answered only after the server ended the session.
    let answerRead!: () => void;
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementationOnce(
      () => new Promise<Response>((resolve) => (answerRead = () => resolve(Response.json({ message: 'Invalid token' }, { status: 401 })))),
    );
    const read = api.authedFetch('/api/me/areas');
    let sent: string | null = null;
    logoutAnswer = async () => {
      sent = new Headers(fetchMock.mock.calls.at(-1)![1]?.headers).get('authorization');
      answerRead();
      await read;
      return new Response(null, { status: 204 });
    };
    await auth.logout();
    expect(sent).toBe('Bearer token-1');
    expect((await read).status).toBe(401);
    expect(vi.mocked(location.assign)).not.toHaveBeenCalled();
  });

  it('a 401 for the token the page still holds sends it to sign in again', async () => {
    const api = await import('../lib/api.ts');
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: 'Invalid token' }, { status: 401 }));
    await api.authedFetch('/api/me/areas');
    expect(vi.mocked(location.assign)).toHaveBeenCalledWith('/auth?redirect=%2Fdashboard%2Fuser');
    expect(storage.has('access_token')).toBe(false);
  });
});
