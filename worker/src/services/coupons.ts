import type { ResultSet } from '@libsql/client';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { coupons, type CouponRow } from '../../../db/schema/commerce.ts';
import { courses } from '../../../db/schema/index.ts';
import { couponRuleOf, describeCoupon, normaliseCouponCode, type CouponItemRef } from '../domain/coupons.ts';
import { AppError, conflict, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { audited, type AuditActor } from './audit.ts';
import { after, type Position } from './keyset.ts';
import { uniqueViolation } from './db-errors.ts';
import { fieldWords } from '../domain/audit.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import type { CouponPage, CouponView, CouponInput, CouponState } from '../../../shared/coupons.ts';

/** Coupons admin (decision 0026): list, create, edit, deactivate. Checkout applies them (domain/coupons.ts). */

export const COUPON_NOT_FOUND = 'Coupon not found';
export const COUPON_CODE_TAKEN = 'A coupon with this code already exists.';
export const END_BEFORE_START = 'The end date must be after the start date.';
export const PERCENT_REQUIRED = 'Enter a percentage from 1 to 100.';
export const AMOUNT_REQUIRED = 'Enter an amount greater than $0.00.';
export const ITEM_NOT_FOUND = 'An item the coupon applies to does not exist.';

export type CouponChanges = Partial<CouponInput>;

// Written out in full: drizzle leaves the table name off columns of a one-table select, which would bind to r.
const reservedCount = sql<number>`(SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = "coupons"."id" AND r.status = 'reserved')`;
const redeemedCount = sql<number>`(SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = "coupons"."id" AND r.status = 'redeemed')`;

function stateOf(row: CouponRow, used: number, now: number): CouponState {
  if (!row.active) return 'inactive';
  if (row.endsAt && Date.parse(row.endsAt) <= now) return 'expired';
  if (row.startsAt && Date.parse(row.startsAt) > now) return 'scheduled';
  if (row.maxRedemptions !== null && used >= row.maxRedemptions) return 'used_up';
  return 'active';
}

/** Titles of the items coupons name (courses now; other kinds show their id until their issue adds a title). */
async function itemTitles(db: Db, refs: CouponItemRef[]): Promise<Map<string, string>> {
  const courseIds = [...new Set(refs.filter((r) => r.kind === 'COURSE').map((r) => r.itemId))];
  const titles = new Map<string, string>();
  if (courseIds.length === 0) return titles;
  const rows = await db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, courseIds));
  for (const row of rows) titles.set(`COURSE:${row.id}`, row.title);
  return titles;
}

async function toViews(db: Db, rows: (CouponRow & { reserved: number; redeemed: number })[]): Promise<CouponView[]> {
  const rules = rows.map(couponRuleOf);
  const titles = await itemTitles(
    db,
    rules.flatMap((r) => r.appliesToItems ?? []),
  );
  const now = Date.now();
  return rows.map((row, i) => {
    const rule = rules[i]!;
    return {
      id: row.id,
      code: row.code,
      description: row.description,
      summary: describeCoupon(rule),
      discountType: row.discountType,
      percentOff: row.percentOff,
      amountOffCents: row.amountOffCents,
      appliesToKinds: rule.appliesToKinds,
      appliesToItems: rule.appliesToItems?.map((ref) => ({ ...ref, title: titles.get(`${ref.kind}:${ref.itemId}`) ?? null })) ?? null,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      maxRedemptions: row.maxRedemptions,
      perUserLimit: row.perUserLimit,
      minOrderCents: row.minOrderCents,
      active: row.active,
      state: stateOf(row, Number(row.reserved) + Number(row.redeemed), now),
      reservedCount: Number(row.reserved),
      redeemedCount: Number(row.redeemed),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  });
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export interface CouponFilters {
  q?: string;
  active?: boolean;
}

/** `q` matches the code or the description; `active` filters on the flag. */
function couponsWhere(query: CouponFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(sql`${coupons.code} LIKE ${pattern} ESCAPE '\\'`, sql`${coupons.description} LIKE ${pattern} ESCAPE '\\'`));
  }
  if (query.active !== undefined) conditions.push(eq(coupons.active, query.active));
  return and(...conditions);
}

/** Newest first, filtered (couponsWhere). */
export async function listCoupons(db: Db, query: CouponFilters & { page: number; pageSize: number }): Promise<CouponPage> {
  const where = couponsWhere(query);
  const [rows, [totalRow]] = await db.batch([
    db
      .select({ row: coupons, reserved: reservedCount, redeemed: redeemedCount })
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)` }).from(coupons).where(where),
  ]);
  return {
    data: await toViews(
      db,
      rows.map((r) => ({ ...r.row, reserved: r.reserved, redeemed: r.redeemed })),
    ),
    total: Number(totalRow?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** How many coupons the list's filters select (the export checks it before reading any row). */
export async function countCoupons(db: Db, filters: CouponFilters): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(coupons).where(couponsWhere(filters));
  return Number(row?.n ?? 0);
}

/** Up to `limit` coupons the list's filters select after `position`, in the list's order: a page of the CSV export. */
export async function couponsAfter(db: Db, filters: CouponFilters, position: Position | undefined, limit: number): Promise<CouponView[]> {
  const rows = await db
    .select({ row: coupons, reserved: reservedCount, redeemed: redeemedCount })
    .from(coupons)
    .where(and(couponsWhere(filters), after(coupons.createdAt, coupons.id, position)))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit);
  return toViews(
    db,
    rows.map((r) => ({ ...r.row, reserved: r.reserved, redeemed: r.redeemed })),
  );
}

export async function getCoupon(db: Db, id: number): Promise<CouponView> {
  const [found] = await db.select({ row: coupons, reserved: reservedCount, redeemed: redeemedCount }).from(coupons).where(eq(coupons.id, id));
  if (!found) throw notFound(COUPON_NOT_FOUND);
  const [view] = await toViews(db, [{ ...found.row, reserved: found.reserved, redeemed: found.redeemed }]);
  return view!;
}

/** The rules that span fields, checked on the whole coupon (after a PATCH is merged into it). */
function checkCoupon(input: CouponInput): void {
  const errors: Record<string, string[]> = {};
  if (input.discountType === 'percent' && (input.percentOff === null || input.percentOff < 1 || input.percentOff > 100)) {
    errors.percentOff = [PERCENT_REQUIRED];
  }
  if (input.discountType === 'fixed' && (input.amountOffCents === null || input.amountOffCents <= 0)) {
    errors.amountOffCents = [AMOUNT_REQUIRED];
  }
  if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
    errors.endsAt = [END_BEFORE_START];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError(400, first, { validationErrors: errors });
}

async function checkItemsExist(db: Db, refs: CouponItemRef[] | null): Promise<void> {
  if (!refs || refs.length === 0) return;
  const titles = await itemTitles(db, refs);
  // Kinds without a catalog yet (resources, plans, bookings) are accepted by id.
  const missing = refs.some((r) => r.kind === 'COURSE' && !titles.has(`COURSE:${r.itemId}`));
  if (missing) throw new AppError(400, ITEM_NOT_FOUND, { validationErrors: { appliesToItems: [ITEM_NOT_FOUND] } });
}

/** The stored columns of a coupon; the other discount's column is cleared, empty lists mean "every". */
function columnsOf(input: CouponInput) {
  return {
    code: normaliseCouponCode(input.code),
    description: input.description,
    discountType: input.discountType,
    percentOff: input.discountType === 'percent' ? input.percentOff : null,
    amountOffCents: input.discountType === 'fixed' ? input.amountOffCents : null,
    appliesToKinds: input.appliesToKinds && input.appliesToKinds.length > 0 ? JSON.stringify([...new Set(input.appliesToKinds)]) : null,
    appliesToItems:
      input.appliesToItems && input.appliesToItems.length > 0
        ? JSON.stringify(input.appliesToItems.map(({ kind, itemId }) => ({ kind, itemId })))
        : null,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    maxRedemptions: input.maxRedemptions,
    perUserLimit: input.perUserLimit,
    minOrderCents: input.minOrderCents,
    active: input.active,
  };
}

function rethrowDuplicate(err: unknown): never {
  if (uniqueViolation(err) !== null) throw conflict(COUPON_CODE_TAKEN);
  throw err;
}

export async function createCoupon(db: Db, actor: AuditActor, input: CouponInput): Promise<CouponView> {
  checkCoupon(input);
  await checkItemsExist(db, input.appliesToItems);
  let id: number;
  try {
    const [inserted] = await db.batch(
      audited(db, actor, { action: 'coupon.create', table: coupons, id: 'new', summary: `Created coupon ${input.code}.` }, [
        db.insert(coupons).values({ ...columnsOf(input), createdBy: actor.id }).returning({ id: coupons.id }),
      ]),
    );
    id = (inserted as { id: number }[])[0]!.id;
  } catch (err) {
    rethrowDuplicate(err);
  }
  return getCoupon(db, id);
}

function inputOf(row: CouponRow): CouponInput {
  const rule = couponRuleOf(row);
  return {
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    appliesToKinds: rule.appliesToKinds,
    appliesToItems: rule.appliesToItems,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxRedemptions: row.maxRedemptions,
    perUserLimit: row.perUserLimit,
    minOrderCents: row.minOrderCents,
    active: row.active,
  };
}

/**
 * PATCH: the changes merged into the stored coupon, checked whole. Orders already placed keep the
 * discount they were given (a snapshot); only later checkouts see the change.
 */
export async function updateCoupon(db: Db, actor: AuditActor, id: number, changes: CouponChanges): Promise<CouponView> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw notFound(COUPON_NOT_FOUND);
  const merged: CouponInput = { ...inputOf(row), ...changes };
  checkCoupon(merged);
  if (changes.appliesToItems !== undefined) await checkItemsExist(db, merged.appliesToItems);
  try {
    const [, result] = await db.batch(
      audited(db, actor, { action: 'coupon.update', table: coupons, id, summary: `Changed coupon ${merged.code}: ${fieldWords(Object.keys(changes)) || 'nothing'}.` }, [
        db
          .update(coupons)
          .set({ ...columnsOf(merged), updatedAt: sqlNow })
          .where(eq(coupons.id, id)),
      ]),
    );
    if ((result as ResultSet).rowsAffected === 0) throw notFound(COUPON_NOT_FOUND);
  } catch (err) {
    rethrowDuplicate(err);
  }
  return getCoupon(db, id);
}

/** Stops the code applying at checkout. Pending orders that reserved it keep their discount. */
export async function deactivateCoupon(db: Db, actor: AuditActor, id: number): Promise<CouponView> {
  const [row] = await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, id));
  if (!row) throw notFound(COUPON_NOT_FOUND);
  await db.batch(
    audited(db, actor, { action: 'coupon.deactivate', table: coupons, id, summary: `Deactivated coupon ${row.code}.` }, [
      db.update(coupons).set({ active: false, updatedAt: sqlNow }).where(eq(coupons.id, id)),
    ]),
  );
  return getCoupon(db, id);
}
