import { and, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { auditLog } from '../../../db/schema/index.ts';
import type { AuthUser } from '../app-context.ts';
import { isStaffActor } from '../domain/audit.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';

/**
 * The audit log's writer (decision 0033). An admin or sub-admin change is written as
 * one `db.batch`: the audit row with the row *before*, the change's own statements, then the row
 * *after* filled in — so the entry exists exactly when the change does, and both snapshots come
 * from the database itself, inside the same transaction.
 *
 *   await db.batch(audited(db, actor, { action: 'coupon.update', table: coupons, id }, [updateStatement]));
 *
 * A creation passes `id: 'new'`: there is no before, and the new row's key is the last inserted
 * rowid once the change's statements ran (put the created row's INSERT last, or pass an SQL key).
 * A deletion gets an after of null (the row is gone).
 *
 * The entry exists only when the change did something: when the change's first statement (the
 * main one: put it first) touched no row — a conditional update whose guard refused, an
 * `ON CONFLICT DO NOTHING` — the entry is dropped inside the batch (`ifChanged: false` keeps it).
 * For a creation, the check is on the last statement (the created row's INSERT).
 */

export type AuditActor = Pick<AuthUser, 'id' | 'username' | 'roles'>;

/** Columns never copied into a snapshot: secrets and their hashes. */
const REDACTED = new Set(['password_hash', 'token_hash', 'calendar_token', 'secret', 'api_key']);

export interface AuditTarget {
  /** `<entity>.<verb>`, e.g. `coupon.update`, `user.roles_grant` (see decision 0033). */
  action: string;
  table: SQLiteTable;
  /** The row's key; 'new' for a creation (the last inserted rowid), or an SQL expression. */
  id: number | string | 'new' | SQL;
  /** The key column when it is not `id`. */
  idColumn?: SQLiteColumn;
  /** One sentence a person reads in the viewer. */
  summary?: string;
  /** Extra fields of the snapshot beyond the row's columns (e.g. a user's role list), as SQL of the key. */
  extra?: (key: SQL) => Record<string, SQL>;
  /** Keep the entry even when the main statement changed no row (default: drop it). */
  ifChanged?: boolean;
}

/** Any statement drizzle can put in a batch (a run, an insert/update/delete, with or without returning). */
type Statement = BatchItem<'sqlite'>;

/** A FROM of one row, for an INSERT … SELECT of values that selects from no table. */
const ONE_ROW = sql`(SELECT 1)`;

/** `(SELECT json_object('col', col, ...) FROM table WHERE key = id)`: the row as JSON, or NULL. */
export function snapshotSql(table: SQLiteTable, key: SQL, idColumn?: SQLiteColumn, extra?: AuditTarget['extra']): SQL {
  const columns = Object.values(getTableColumns(table)).filter((col) => !REDACTED.has(col.name));
  const pairs = sql.join(
    [
      ...columns.map((col) => sql`${sql.raw(`'${col.name}'`)}, ${sql.identifier(col.name)}`),
      ...Object.entries(extra?.(key) ?? {}).map(([name, value]) => sql`${sql.raw(`'${name.replace(/[^a-z0-9_]/gi, '')}'`)}, ${value}`),
    ],
    sql`, `,
  );
  const keyName = (idColumn ?? getTableColumns(table)['id'])?.name ?? 'id';
  return sql`(SELECT json_object(${pairs}) FROM ${sql.identifier(getTableName(table))} WHERE ${sql.identifier(keyName)} = ${key})`;
}

function keyOf(target: AuditTarget): SQL {
  if (target.id === 'new') return sql`last_insert_rowid()`;
  if (typeof target.id === 'number') return sql`CAST(${target.id} AS INTEGER)`;
  if (typeof target.id === 'string') return sql`${target.id}`;
  return target.id;
}

/** The audit row's INSERT, with `before` read from the row as it is now (null for a creation). */
export function auditBeforeStatement(db: Db, actor: AuditActor, target: AuditTarget): Statement {
  const entity = getTableName(target.table);
  const key = keyOf(target);
  const before = target.id === 'new' ? sql`NULL` : snapshotSql(target.table, key, target.idColumn, target.extra);
  // A JS number is bound as a real (14.0): the key's text is written from JS when known.
  const entityId = target.id === 'new' ? sql`NULL` : typeof target.id === 'object' ? sql`CAST(${key} AS TEXT)` : sql`${String(target.id)}`;
  return db.insert(auditLog).values({
    actorId: actorKey(actor),
    actorName: actor.username,
    actorRoles: actor.roles.join(','),
    action: target.action,
    entity,
    entityId,
    summary: target.summary ?? '',
    before,
  });
}

/**
 * The batch's own audit row: the key last handed out to audit_log (AUTOINCREMENT keeps it in
 * sqlite_sequence even when the row was dropped, so a dropped entry matches no row), if it is
 * this actor's entry for this action.
 */
function thisEntry(actor: AuditActor, target: AuditTarget): SQL | undefined {
  return and(
    sql`${auditLog.id} = (SELECT seq FROM sqlite_sequence WHERE name = 'audit_log')`,
    eq(auditLog.actorName, actor.username),
    eq(auditLog.action, target.action),
  );
}

/** The actor's key, or NULL when the account is gone (the name stays). */
function actorKey(actor: AuditActor): SQL<number | null> {
  return sql<number | null>`(SELECT id FROM users WHERE id = ${actor.id})`;
}

/** Drops the batch's audit row when the statement just before it changed no row (SQLite's changes()). */
export function auditDropUnchangedStatement(db: Db, actor: AuditActor, target: AuditTarget): Statement {
  return db.delete(auditLog).where(and(thisEntry(actor, target), sql`changes() = 0`));
}

/** Fills the `after` (and, for a creation, the key) of the batch's audit row, once the change ran. */
export function auditAfterStatement(db: Db, actor: AuditActor, target: AuditTarget): Statement {
  const key = keyOf(target);
  return db
    .update(auditLog)
    .set({
      entityId: sql<string>`coalesce(${auditLog.entityId}, CAST(${key} AS TEXT))`,
      after: snapshotSql(target.table, key, target.idColumn, target.extra),
    })
    .where(thisEntry(actor, target));
}

/**
 * The change's statements between the audit row's two halves: pass the result to `db.batch`.
 * For a creation, the key is read (last_insert_rowid) right after the change, before anything else.
 */
export function audited(db: Db, actor: AuditActor, target: AuditTarget, change: readonly Statement[]): [Statement, ...Statement[]] {
  if (target.id === 'new') {
    // Before is null: only the after is written, from the row just inserted.
    const entity = getTableName(target.table);
    const insert = db.insert(auditLog).select(
      db
        .select(
          insertSelection(auditLog, {
            actorId: actorKey(actor),
            actorName: actor.username,
            actorRoles: actor.roles.join(','),
            action: target.action,
            entity,
            entityId: sql<string>`CAST(last_insert_rowid() AS TEXT)`,
            summary: target.summary ?? '',
            before: null,
            after: snapshotSql(target.table, sql`last_insert_rowid()`, target.idColumn, target.extra),
          }),
        )
        .from(ONE_ROW)
        .where(target.ifChanged === false ? sql`1` : sql`changes() > 0`),
    );
    const [first, ...rest] = change;
    return first ? [first, ...rest, insert] : [insert];
  }
  const [main, ...rest] = change;
  if (!main) return [auditBeforeStatement(db, actor, target), auditAfterStatement(db, actor, target)];
  const drop = target.ifChanged === false ? [] : [auditDropUnchangedStatement(db, actor, target)];
  return [auditBeforeStatement(db, actor, target), main, ...drop, ...rest, auditAfterStatement(db, actor, target)];
}

/** `audited(...)` when the write is an audited one (e.g. the actor is staff), else the change alone. */
export function auditedWhen(when: boolean, db: Db, actor: AuditActor, target: AuditTarget, change: readonly Statement[]): Statement[] {
  if (when) return audited(db, actor, target, change);
  return [...change];
}

/**
 * For a change our own statements do not make: an admin's request to the payment provider whose
 * effect the provider's verified event writes (decision 0024: a subscription cancelled or refunded
 * through the billing engine). The row is read before the request; once `change` has returned
 * (the test provider delivers its event at once, Stripe's may follow later), one INSERT writes the
 * entry with that before and the row as it is now. Nothing is written when `change` throws.
 */
export async function auditedAround<T>(db: Db, actor: AuditActor, target: AuditTarget, change: () => Promise<T>): Promise<T> {
  const key = keyOf(target);
  const [row] = await db.all<{ snapshot: string | null }>(sql`SELECT ${snapshotSql(target.table, key, target.idColumn, target.extra)} AS snapshot`);
  const result = await change();
  const entityId = typeof target.id === 'object' ? sql`CAST(${key} AS TEXT)` : sql`${String(target.id)}`;
  await db.insert(auditLog).values({
    actorId: actorKey(actor),
    actorName: actor.username,
    actorRoles: actor.roles.join(','),
    action: target.action,
    entity: getTableName(target.table),
    entityId,
    summary: target.summary ?? '',
    before: row?.snapshot ?? null,
    after: snapshotSql(target.table, key, target.idColumn, target.extra),
  });
  return result;
}

/**
 * One statement, audited when `actor` is given (e.g. only for staff: see isStaffActor), else run
 * alone; answers what the statement alone answers (its rows, its result).
 */
export async function auditedRun<T>(db: Db, actor: AuditActor | null, target: AuditTarget, statement: Statement & PromiseLike<T>): Promise<T> {
  if (!actor) return statement;
  const results = (await db.batch(audited(db, actor, target, [statement]))) as unknown[];
  return results[target.id === 'new' ? 0 : 1] as T;
}

/**
 * `audited(...)` when the actor holds a role containing ADMIN (decision 0033: admins and the
 * sub-admins INSTRUCTOR_ADMIN, COURSE_CREATOR_ADMIN, CURRICULUM_ADMIN), else the change alone —
 * for writes open to plain instructors too (course content, templates), whose own work is not audited.
 * A creation's entry goes after the change, so the change's answers keep their places.
 */
export function auditedIfStaff(db: Db, actor: AuditActor, target: AuditTarget, change: readonly [Statement, ...Statement[]]): [Statement, ...Statement[]] {
  return isStaffActor(actor.roles) ? audited(db, actor, target, change) : [...change];
}
