import { and, count, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { auditLog, type AuditLogRow } from '../../../db/schema/audit.ts';
import { auditActionLabel } from '../domain/audit.ts';
import type { Db } from '../platform/db.ts';
import type { CsvExport } from './csv/stream.ts';
import { csvHeaders, type CsvColumn } from './csv/writer.ts';
import { after, readKeysetPage, type ListOrder, type PageAsk, type Position, orderOf } from './keyset.ts';
import { indexable, personMatches } from './people-search.ts';
import { sumOfDays } from './stats/totals.ts';
import type { AuditEntryView, AuditLogPage } from '../../../shared/audit-log.ts';

/**
 * The audit log's reads (decisions 0033 and 0048): the viewer's page of entries, newest first,
 * filtered by actor (their key, or part of their name), action, entity and its key, a date range
 * and words of the summary; and the same filters as CSV.
 */

export interface AuditLogFilters {
  /** A user id (digits) or part of the actor's username. */
  actor?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  /** Inclusive first day and last day (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
  /** Words of the summary: whole words, the last one also as the beginning of a word. */
  q?: string;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (column: SQL | typeof auditLog.summary, term: string) => sql`${column} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`;

/**
 * `audit_search` as drizzle sees it, for typed statements: the FTS5 index of the summaries' words
 * (migration 0029), which drizzle-kit cannot declare, so it lives here rather than in db/schema.
 * Its rowid is the entry's id; `command` is FTS5's column of the table's own name, the left side
 * of a MATCH.
 */
export const auditSearch = sqliteTable('audit_search', {
  rowid: integer('rowid'),
  summary: text('summary'),
  command: text('audit_search'),
});

/**
 * The words of a search as an FTS5 query: every word, each as typed (quoted, so its characters
 * are not operators), in any order; the last one may be the beginning of a word (it may still be
 * being typed), the others are whole words. A whole word is read lazily from the index, newest
 * first, whereas a beginning gathers every match of every word it begins: for a word in most
 * entries that is a million ids, so only the last word is read that way. Null when no word holds a
 * letter or a digit: the index keeps only those, so nothing can match.
 */
export function summaryQuery(q: string): string | null {
  const words = q.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return null;
  return words.map((word, i) => `"${word.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

/** The day after a YYYY-MM-DD day, as the exclusive end of a range. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** Every filter but the summary's words (those are read through the index, see `searchOf`). */
function whereOf(f: AuditLogFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.actor) {
    // Part of a name: the accounts that hold it, through the people index (decision 0046), and
    // their entries through the actor's index; too short for it, the names written on the entries.
    const byName = indexable(f.actor) ? personMatches(auditLog.actorId, f.actor) : contains(auditLog.actorName as unknown as SQL, f.actor);
    parts.push(/^\d+$/.test(f.actor) ? or(eq(auditLog.actorId, Number(f.actor)), byName) : byName);
  }
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.entity) parts.push(eq(auditLog.entity, f.entity));
  if (f.entityId) parts.push(eq(auditLog.entityId, f.entityId));
  if (f.from) parts.push(gte(auditLog.createdAt, `${f.from}T00:00:00.000Z`));
  if (f.to) parts.push(lt(auditLog.createdAt, nextDay(f.to)));
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? and(...present) : undefined;
}

/** Whether any filter but the words is set. */
const narrowed = (f: AuditLogFilters) => Boolean(f.actor || f.action || f.entity || f.entityId || f.from || f.to);

/**
 * A search by words: no search (undefined), one that cannot match (null), or the entries whose
 * summary holds the words, read from the index newest first (by id: entries are written in time
 * order, so the latest written is the newest) and each looked up by its key. The index leads the
 * join (CROSS JOIN), so a search reads the entries it matches, never the whole log in date order.
 */
function searchOf(db: Db, f: AuditLogFilters) {
  if (!f.q?.trim()) return undefined;
  const match = summaryQuery(f.q);
  if (match === null) return null;
  const matches = sql`${auditSearch.command} MATCH ${match}`;
  const where = whereOf(f);
  const rows = (bound: SQL | undefined) =>
    db
      .select(getTableColumns(auditLog))
      .from(auditSearch)
      .crossJoin(auditLog)
      .where(and(matches, eq(auditLog.id, auditSearch.rowid), where, bound));
  return { matches, where, rows };
}

function parseSnapshot(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function toAuditEntryView(row: AuditLogRow): AuditEntryView {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_name: row.actorName,
    actor_roles: row.actorRoles ? row.actorRoles.split(',') : [],
    action: row.action,
    action_label: auditActionLabel(row.action),
    entity: row.entity,
    entity_id: row.entityId,
    summary: row.summary,
    before: parseSnapshot(row.before),
    after: parseSnapshot(row.after),
    created_at: row.createdAt,
  };
}

const ORDER: ListOrder = { key: auditLog.createdAt, id: auditLog.id, direction: 'desc' };
/** A search's order: the index's rowid (the entry's id), newest written first. */
const SEARCH_ORDER: ListOrder = { key: auditSearch.rowid, id: auditSearch.rowid, direction: 'desc' };

/** Newest first, a page by number or next to one already shown (decision 0045). */
export async function listAuditLog(db: Db, query: AuditLogFilters & PageAsk): Promise<AuditLogPage> {
  const search = searchOf(db, query);
  if (search === null) return { data: [], total: 0, page: query.page, pageSize: query.pageSize, next: null, prev: null };
  const where = whereOf(query);
  const total = async () => Number((await totalOf(db, query, where))[0]?.n ?? 0);
  const page = search
    ? await readKeysetPage(query, {
        order: SEARCH_ORDER,
        read: ({ bound, reversed, limit, offset }) =>
          search
            .rows(bound)
            .orderBy(...orderOf(SEARCH_ORDER, reversed).slice(0, 1))
            .limit(limit)
            .offset(offset),
        positionOf: (row) => [row.id, row.id],
        total,
      })
    : await readKeysetPage(query, {
        order: ORDER,
        read: ({ bound, reversed, limit, offset }) =>
          db
            .select()
            .from(auditLog)
            .where(and(where, bound))
            .orderBy(...orderOf(ORDER, reversed))
            .limit(limit)
            .offset(offset),
        positionOf: (row) => [row.createdAt, row.id],
        total,
      });
  return { data: page.rows.map(toAuditEntryView), total: page.total, page: page.page, pageSize: query.pageSize, next: page.next, prev: page.prev };
}

/**
 * How many entries match: by action and days, the entries written per day (all, or of the
 * action) are running totals (stat_totals, decision 0039) summed over the days asked; words count
 * their matches in the index (looking each up only when other filters narrow them); any other
 * filter counts what it matches through its index.
 */
function totalOf(db: Db, f: AuditLogFilters, where: SQL | undefined) {
  const search = searchOf(db, f);
  if (search === null) return Promise.resolve([{ n: 0 }]);
  if (search) {
    if (!narrowed(f)) return db.select({ n: count() }).from(auditSearch).where(search.matches);
    return db.select({ n: count() }).from(auditSearch).crossJoin(auditLog).where(and(search.matches, eq(auditLog.id, auditSearch.rowid), where));
  }
  if (f.actor || f.entity || f.entityId) return db.select({ n: count() }).from(auditLog).where(where);
  return sumOfDays(db, f.action ? `audit.created:${f.action}` : 'audit.created', f);
}

/** The changed fields of an entry as `field: before → after` (what the CSV's Changes column says). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));
  return keys
    .filter((k) => k !== 'updated_at' && JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
    .map((k) => `${k}: ${show(before?.[k])} → ${show(after?.[k])}`)
    .join('; ');
}

const AUDIT_COLUMNS: CsvColumn<AuditEntryView>[] = [
  { header: 'ID', value: (e) => e.id, kind: 'number' },
  { header: 'When (UTC)', value: (e) => e.created_at, kind: 'date' },
  { header: 'Actor ID', value: (e) => e.actor_id, kind: 'number' },
  { header: 'Actor', value: (e) => e.actor_name },
  { header: 'Actor roles', value: (e) => e.actor_roles.join(' ') },
  { header: 'Action', value: (e) => e.action },
  { header: 'Action label', value: (e) => e.action_label },
  { header: 'Entity', value: (e) => e.entity },
  { header: 'Entity ID', value: (e) => e.entity_id },
  { header: 'Summary', value: (e) => e.summary },
  { header: 'Changes', value: (e) => changedFields(e.before, e.after) },
  { header: 'Before (JSON)', value: (e) => (e.before ? JSON.stringify(e.before) : null) },
  { header: 'After (JSON)', value: (e) => (e.after ? JSON.stringify(e.after) : null) },
];

export const AUDIT_CSV_HEADER = csvHeaders(AUDIT_COLUMNS);

/** The audit log's entries the viewer's filters select, newest first, streamed in pages (the CSV export). */
export function auditLogExport(db: Db, filters: AuditLogFilters): CsvExport<AuditEntryView, Position> {
  const search = searchOf(db, filters);
  return {
    columns: AUDIT_COLUMNS,
    total: async () => Number((await totalOf(db, filters, whereOf(filters)))[0]?.n ?? 0),
    page: async (position, limit) => {
      if (search === null) return [];
      const rows = search
        ? await search
            .rows(after(auditSearch.rowid, auditSearch.rowid, position))
            .orderBy(desc(auditSearch.rowid))
            .limit(limit)
        : await db
            .select()
            .from(auditLog)
            .where(and(whereOf(filters), after(auditLog.createdAt, auditLog.id, position)))
            .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
            .limit(limit);
      return rows.map(toAuditEntryView);
    },
    cursorOf: (e) => (search ? [e.id, e.id] : [e.created_at, e.id]),
  };
}
