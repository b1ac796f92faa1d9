/**
 * The name of the unique index (or `table.column`) a failed write ran into, or null when the
 * error is something else. Drizzle and libSQL wrap the SQLite error in one or two layers, so the
 * whole cause chain is read.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
    const match = /UNIQUE constraint failed: (?:index '([^']+)'|([\w.]+))/.exec(message);
    if (match) return match[1] ?? match[2] ?? '';
  }
  return null;
}
