import { describe, expect, it } from 'vitest';
import { auditDiff, fieldLabel, formatAuditValue } from './audit-diff.ts';

describe('auditDiff', () => {
  it('lists only the fields an update changed, stamps last', () => {
    const before = { id: 7, code: 'SPRING', percent_off: 10, updated_at: 'a', active: 1 };
    const after = { id: 7, code: 'SPRING', percent_off: 25, updated_at: 'b', active: 1 };
    expect(auditDiff(before, after)).toEqual([
      { field: 'percent_off', before: 10, after: 25, kind: 'changed' },
      { field: 'updated_at', before: 'a', after: 'b', kind: 'changed' },
    ]);
  });

  it('lists a creation as its fields with values, a deletion as the fields it had', () => {
    expect(auditDiff(null, { id: 3, name: 'Tango', description: '', parent_id: null })).toEqual([
      { field: 'id', before: undefined, after: 3, kind: 'added' },
      { field: 'name', before: undefined, after: 'Tango', kind: 'added' },
    ]);
    expect(auditDiff({ id: 3, name: 'Tango', note: null }, null)).toEqual([
      { field: 'id', before: 3, after: undefined, kind: 'removed' },
      { field: 'name', before: 'Tango', after: undefined, kind: 'removed' },
    ]);
  });

  it('compares nested values by content and sees a field appear or go', () => {
    expect(auditDiff({ items: [1, 2] }, { items: [1, 2] })).toEqual([]);
    expect(auditDiff({ items: [1, 2] }, { items: [2, 1] })).toHaveLength(1);
    expect(auditDiff({ a: 1 }, { a: 1, roles: 'SELLER' })).toEqual([{ field: 'roles', before: undefined, after: 'SELLER', kind: 'added' }]);
    expect(auditDiff({ a: 1, roles: 'SELLER' }, { a: 1 })).toEqual([{ field: 'roles', before: 'SELLER', after: undefined, kind: 'removed' }]);
    expect(auditDiff({ a: null }, { a: 0 })).toEqual([{ field: 'a', before: null, after: 0, kind: 'changed' }]);
  });

  it('answers nothing when neither snapshot exists', () => {
    expect(auditDiff(null, null)).toEqual([]);
  });
});

describe('formatAuditValue and fieldLabel', () => {
  it('shows empties, text and JSON', () => {
    expect(formatAuditValue(null)).toBe('(empty)');
    expect(formatAuditValue(undefined)).toBe('(empty)');
    expect(formatAuditValue('')).toBe('(empty)');
    expect(formatAuditValue('Tango')).toBe('Tango');
    expect(formatAuditValue(25)).toBe('25');
    expect(formatAuditValue({ a: [1] })).toBe('{"a":[1]}');
  });

  it('labels columns', () => {
    expect(fieldLabel('percent_off')).toBe('Percent off');
    expect(fieldLabel('id')).toBe('Id');
  });
});
