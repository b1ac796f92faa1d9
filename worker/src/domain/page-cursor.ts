/**
 * Where a page of a list starts: the first or last row of a page already shown (its sort key and
 * id), and that page's number, which the next page's number follows from. Travels as an opaque
 * token (`after` / `before` in a list's query).
 */
export interface Cursor {
  key: string | number;
  id: number;
  page: number;
}

const MAX_KEY_LENGTH = 64;

export function encodeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify([cursor.key, cursor.id, cursor.page])).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor a token names, or null for anything this server did not write. */
export function decodeCursor(token: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [key, id, page] = value as unknown[];
  const keyOk = (typeof key === 'string' && key.length <= MAX_KEY_LENGTH) || (typeof key === 'number' && Number.isSafeInteger(key));
  if (!keyOk || !Number.isSafeInteger(id) || (id as number) < 0) return null;
  if (!Number.isSafeInteger(page) || (page as number) < 1 || (page as number) > 1_000_000) return null;
  return { key: key as string | number, id: id as number, page: page as number };
}

