import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, type AuditLogRow } from '../../../db/schema/audit.ts';
import { auditActionLabel } from '../domain/audit.ts';
import type { Db } from '../platform/db.ts';
import type { CsvExport } from './csv/stream.ts';
import { csvHeaders, type CsvColumn } from './csv/writer.ts';
import { after, orderOf, readKeysetPage, type ListOrder, type PageAsk, type Position } from './keyset.ts';
import { sumOfDays } from './stats/totals.ts';

/**
 * The audit log's reads (issue 13 §4, decision 0033): the viewer's page of entries, newest first,
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
  /** Words of the summary. */
  q?: string;
}

export interface AuditEntryView {
  id: number;
  actor_id: number | null;
  actor_name: string;
  actor_roles: string[];
  action: string;
  action_label: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

export interface AuditLogPage {
  data: AuditEntryView[];
  total: number;
  page: number;
  pageSize: number;
  /** Tokens of the pages after and before this one (decision 0045). */
  next: string | null;
  prev: string | null;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (column: SQL | typeof auditLog.summary, term: string) => sql`${column} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`;

/** The day after a YYYY-MM-DD day, as the exclusive end of a range. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

function whereOf(f: AuditLogFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.actor) {
    const byName = contains(auditLog.actorName as unknown as SQL, f.actor);
    parts.push(/^\d+$/.test(f.actor) ? or(eq(auditLog.actorId, Number(f.actor)), byName) : byName);
  }
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.entity) parts.push(eq(auditLog.entity, f.entity));
  if (f.entityId) parts.push(eq(auditLog.entityId, f.entityId));
  if (f.from) parts.push(gte(auditLog.createdAt, `${f.from}T00:00:00.000Z`));
  if (f.to) parts.push(lt(auditLog.createdAt, nextDay(f.to)));
  if (f.q) for (const word of f.q.split(/\s+/).filter(Boolean)) parts.push(contains(auditLog.summary, word));
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? and(...present) : undefined;
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

/** Newest first, a page by number or next to one already shown (decision 0045). */
export async function listAuditLog(db: Db, query: AuditLogFilters & PageAsk): Promise<AuditLogPage> {
  const where = whereOf(query);
  const page = await readKeysetPage(query, {
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
    total: async () => Number((await totalOf(db, query, where))[0]?.n ?? 0),
  });
  return { data: page.rows.map(toAuditEntryView), total: page.total, page: page.page, pageSize: query.pageSize, next: page.next, prev: page.prev };
}

/**
 * How many entries match: by action and days, the entries written per day (all, or of the
 * action) are running totals (stat_totals, decision 0039) summed over the days asked; any other
 * filter counts what it matches through its index.
 */
function totalOf(db: Db, f: AuditLogFilters, where: SQL | undefined) {
  if (f.actor || f.entity || f.entityId || f.q) return db.select({ n: count() }).from(auditLog).where(where);
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
  return {
    columns: AUDIT_COLUMNS,
    total: async () => Number((await totalOf(db, filters, whereOf(filters)))[0]?.n ?? 0),
    page: async (position, limit) =>
      (
        await db
          .select()
          .from(auditLog)
          .where(and(whereOf(filters), after(auditLog.createdAt, auditLog.id, position)))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
      ).map(toAuditEntryView),
    cursorOf: (e) => [e.created_at, e.id],
  };
}
