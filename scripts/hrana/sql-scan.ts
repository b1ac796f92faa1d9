/**
 * A small SQL scanner for the `describe` request of the local Hrana server: the parameters of a
 * statement and whether it is an EXPLAIN, read outside strings, quoted names and comments.
 */

/** One token of SQL outside strings, quoted names and comments: the scanner of `describe`. */
function* sqlTokens(sql: string): Generator<string> {
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (ch === "'" || ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      let j = i + 1;
      for (;;) {
        const k = sql.indexOf(close, j);
        if (k < 0) {
          j = sql.length;
          break;
        }
        if (close !== ']' && sql[k + 1] === close) {
          j = k + 2;
          continue;
        }
        j = k + 1;
        break;
      }
      yield sql.slice(i, j);
      i = j;
    } else if (ch === '?') {
      let j = i + 1;
      while (j < sql.length && /\d/.test(sql[j]!)) j++;
      yield sql.slice(i, j);
      i = j;
    } else if ((ch === ':' || ch === '@' || ch === '$') && /[A-Za-z0-9_]/.test(sql[i + 1] ?? '')) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_$]/.test(sql[j]!)) j++;
      yield sql.slice(i, j);
      i = j;
    } else if (/[A-Za-z_]/.test(ch)) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_$]/.test(sql[j]!)) j++;
      yield sql.slice(i, j);
      i = j;
    } else {
      yield ch;
      i++;
    }
  }
}

/**
 * The parameters of a statement, indexed from 1 as SQLite numbers them (entry 0 is parameter 1):
 * `?` takes the next number and has no name, `?NNN` its number, and `:name`, `@name`, `$name`
 * the next number at their first use. Numbers nothing refers to have no name.
 */
export function parameterNames(sql: string): (string | null)[] {
  const names: (string | null)[] = [];
  const byName = new Map<string, number>();
  let count = 0;
  for (const token of sqlTokens(sql)) {
    const first = token[0];
    if (first === '?') {
      if (token.length === 1) {
        count++;
        names[count - 1] = null;
      } else {
        const n = Number(token.slice(1));
        if (n < 1) continue;
        names[n - 1] = token;
        count = Math.max(count, n);
      }
    } else if ((first === ':' || first === '@' || first === '$') && token.length > 1) {
      if (byName.has(token)) continue;
      count++;
      byName.set(token, count);
      names[count - 1] = token;
    }
  }
  return Array.from({ length: count }, (_, i) => names[i] ?? null);
}

/** Whether the statement starts with EXPLAIN (comments and spaces before it ignored). */
export function isExplain(sql: string): boolean {
  for (const token of sqlTokens(sql)) return token.toUpperCase() === 'EXPLAIN';
  return false;
}
