/**
 * The audit log viewer's diff: which fields of a row an entry changed, from its
 * before and after snapshots (JSON objects of the row's columns; before is null for a creation,
 * after null for a deletion). Pure; unit-tested in audit-diff.test.ts.
 */

export type Snapshot = Record<string, unknown> | null;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** added: only after has it (a creation); removed: only before (a deletion); changed: both, different. */
  kind: 'added' | 'removed' | 'changed';
}

/** Two JSON values are the same when their JSON text is (snapshots hold JSON values only). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changed fields in the order the row lists them (before's columns, then after's new ones);
 * bookkeeping stamps (`updated_at`) last. A creation lists every field of after that has a value;
 * a deletion every field of before that had one.
 */
export function auditDiff(before: Snapshot, after: Snapshot): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const had = before !== null && Object.hasOwn(before, field);
    const has = after !== null && Object.hasOwn(after, field);
    const b = had ? before[field] : undefined;
    const a = has ? after[field] : undefined;
    if (before === null) {
      if (a !== null && a !== undefined && a !== '') changes.push({ field, before: undefined, after: a, kind: 'added' });
    } else if (after === null) {
      if (b !== null && b !== undefined && b !== '') changes.push({ field, before: b, after: undefined, kind: 'removed' });
    } else if (!same(b, a)) {
      changes.push({ field, before: b, after: a, kind: had && has ? 'changed' : has ? 'added' : 'removed' });
    }
  }
  const stamp = (c: FieldChange) => (c.field === 'updated_at' ? 1 : 0);
  return changes.sort((x, y) => stamp(x) - stamp(y));
}

/** A snapshot value as a person reads it: empty for nothing, text as it is, anything else as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === undefined || value === null) return '(empty)';
  if (typeof value === 'string') {
    // A JSON column (a coupon's items, a plan's features) stored as text shows as its JSON.
    return value === '' ? '(empty)' : value;
  }
  return JSON.stringify(value);
}

/** "first_name" → "First name": the column's name as a label. */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
