import type { CouponRow } from '../../../db/schema/commerce.ts';
import { ITEM_KINDS } from '../../../db/schema/commerce.ts';

/**
 * Coupons (decision 0026): whether a code applies to an order and how much it takes off each line.
 * Pure: the caller reads the coupon row and its usage counts, and stores what this answers.
 * Money is integer cents; a discount never makes a line or the order negative.
 */

export type ItemKind = (typeof ITEM_KINDS)[number];

export interface CouponItemRef {
  kind: ItemKind;
  itemId: number;
}

export interface CouponRule {
  code: string;
  discountType: 'percent' | 'fixed';
  percentOff: number | null;
  amountOffCents: number | null;
  /** null = every kind. */
  appliesToKinds: ItemKind[] | null;
  /** null = every item of the kinds above. */
  appliesToItems: CouponItemRef[] | null;
  startsAt: string | null;
  endsAt: string | null;
  maxRedemptions: number | null;
  perUserLimit: number | null;
  minOrderCents: number;
  active: boolean;
}

/** An order line as priced before the coupon: its quantity already multiplied in. */
export interface PricedLine {
  kind: ItemKind;
  itemId: number;
  totalCents: number;
}

/** `limitReached`: the coupon's total or per-user limit refused it (a conflict at checkout, not a bad code). */
export type CouponOutcome = { ok: true; discountCents: number; lineDiscounts: number[] } | { ok: false; reason: string; limitReached?: true };

/** Uses counted against the limits: reserved (pending orders) plus redeemed (paid orders). */
export interface CouponUsage {
  total: number;
  byUser: number;
}

export const COUPON_MESSAGES = {
  invalid: 'This coupon code is not valid.',
  notStarted: 'This coupon is not active yet.',
  expired: 'This coupon has expired.',
  /** Used up reads as unknown: the answer does not tell a guesser that the code exists (decision 0060). */
  usageLimit: 'This coupon code is not valid.',
  alreadyUsed: 'You have already used this coupon.',
  notApplicable: 'This coupon does not apply to the items in your order.',
} as const;

/** 'This coupon needs an order of at least $X.XX.' */
export function minimumOrderMessage(minOrderCents: number): string {
  return `This coupon needs an order of at least ${formatUsd(minOrderCents)}.`;
}

/** Letters, digits, '-' and '_', 3 to 32 characters, starting with a letter or digit (after normalising). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** How codes are stored and matched: trimmed, upper-case. */
export function normaliseCouponCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isValidCouponCode(code: string): boolean {
  return COUPON_CODE_PATTERN.test(code);
}

function formatUsd(cents: number): string {
  const dollars = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  const grouped = dollars.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${rest}`;
}

function timeOf(iso: string | null): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

function appliesTo(rule: CouponRule, line: PricedLine): boolean {
  if (rule.appliesToKinds && !rule.appliesToKinds.includes(line.kind)) return false;
  if (rule.appliesToItems && !rule.appliesToItems.some((ref) => ref.kind === line.kind && ref.itemId === line.itemId)) return false;
  return true;
}

/**
 * Whether the coupon applies and the discount of each line. Checks, in order: active, start,
 * end (the coupon is valid up to, not including, endsAt), which items it applies to, the minimum
 * order (the subtotal of the whole order), the total limit, the per-user limit. The first failure
 * is the reason given.
 *
 * percent: the order discount is the percentage of the applicable lines' subtotal rounded to the
 * nearest cent (half up); each line gets its exact share rounded down, and the cents left go one
 * each to the lines with the largest dropped fractions (earlier line first on ties), so the line
 * discounts add up to the order discount exactly.
 * fixed: at most the applicable subtotal; spread over the applicable lines in proportion to their
 * totals (rounded down), the cents left on the last applicable line — what the last line cannot
 * take (it never goes below 0) moves to the line before it.
 */
export function applyCoupon(rule: CouponRule, lines: readonly PricedLine[], usage: CouponUsage, now: Date): CouponOutcome {
  if (!rule.active) return { ok: false, reason: COUPON_MESSAGES.invalid };
  const at = now.getTime();
  const starts = timeOf(rule.startsAt);
  if (starts !== null && at < starts) return { ok: false, reason: COUPON_MESSAGES.notStarted };
  const ends = timeOf(rule.endsAt);
  if (ends !== null && at >= ends) return { ok: false, reason: COUPON_MESSAGES.expired };

  const totals = lines.map((l) => Math.max(0, Math.trunc(l.totalCents)));
  const applicable = lines.map((l, i) => appliesTo(rule, l) && totals[i]! > 0);
  const applicableSubtotal = totals.reduce((sum, t, i) => (applicable[i] ? sum + t : sum), 0);
  if (applicableSubtotal <= 0) return { ok: false, reason: COUPON_MESSAGES.notApplicable };

  const orderSubtotal = totals.reduce((a, b) => a + b, 0);
  if (orderSubtotal < rule.minOrderCents) return { ok: false, reason: minimumOrderMessage(rule.minOrderCents) };
  if (rule.maxRedemptions !== null && usage.total >= rule.maxRedemptions) return { ok: false, reason: COUPON_MESSAGES.usageLimit, limitReached: true };
  if (rule.perUserLimit !== null && usage.byUser >= rule.perUserLimit) return { ok: false, reason: COUPON_MESSAGES.alreadyUsed, limitReached: true };

  const lineDiscounts =
    rule.discountType === 'percent'
      ? percentDiscounts(totals, applicable, rule.percentOff ?? 0)
      : fixedDiscounts(totals, applicable, Math.min(Math.max(0, rule.amountOffCents ?? 0), applicableSubtotal));
  const discountCents = lineDiscounts.reduce((a, b) => a + b, 0);
  return { ok: true, discountCents, lineDiscounts };
}

function percentDiscounts(totals: number[], applicable: boolean[], percentOff: number): number[] {
  const pct = Math.min(100, Math.max(0, Math.trunc(percentOff)));
  const applicableSubtotal = totals.reduce((sum, t, i) => (applicable[i] ? sum + t : sum), 0);
  // Integer arithmetic throughout: (cents * pct) stays far below 2^53.
  const orderDiscount = Math.floor((applicableSubtotal * pct + 50) / 100);
  const shares = totals.map((t, i) => (applicable[i] ? Math.floor((t * pct) / 100) : 0));
  const fractions = totals.map((t, i) => (applicable[i] ? (t * pct) % 100 : -1));
  let left = orderDiscount - shares.reduce((a, b) => a + b, 0);
  const order = totals.map((_, i) => i).filter((i) => applicable[i]).sort((a, b) => fractions[b]! - fractions[a]! || a - b);
  for (const i of order) {
    if (left <= 0) break;
    if (shares[i]! < totals[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

function fixedDiscounts(totals: number[], applicable: boolean[], amount: number): number[] {
  const applicableSubtotal = totals.reduce((sum, t, i) => (applicable[i] ? sum + t : sum), 0);
  const shares = totals.map((t, i) => (applicable[i] ? Math.floor((amount * t) / applicableSubtotal) : 0));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  for (let i = totals.length - 1; i >= 0 && left > 0; i--) {
    if (!applicable[i]) continue;
    const room = totals[i]! - shares[i]!;
    const take = Math.min(room, left);
    shares[i]! += take;
    left -= take;
  }
  return shares;
}

function parseJsonArray(text: string | null): unknown[] | null {
  if (text === null || text === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

const kindSet = new Set<string>(ITEM_KINDS);

function parseKinds(text: string | null): ItemKind[] | null {
  const list = parseJsonArray(text);
  if (!list) return null;
  return list.filter((k): k is ItemKind => typeof k === 'string' && kindSet.has(k));
}

function parseItems(text: string | null): CouponItemRef[] | null {
  const list = parseJsonArray(text);
  if (!list) return null;
  const refs: CouponItemRef[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') continue;
    const { kind, itemId } = entry as { kind?: unknown; itemId?: unknown };
    if (typeof kind === 'string' && kindSet.has(kind) && typeof itemId === 'number' && Number.isInteger(itemId)) {
      refs.push({ kind: kind as ItemKind, itemId });
    }
  }
  return refs;
}

/** The rule of a stored coupon: its JSON columns parsed (unreadable JSON counts as "every"). */
export function couponRuleOf(row: CouponRow): CouponRule {
  return {
    code: row.code,
    discountType: row.discountType,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    appliesToKinds: parseKinds(row.appliesToKinds),
    appliesToItems: parseItems(row.appliesToItems),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxRedemptions: row.maxRedemptions,
    perUserLimit: row.perUserLimit,
    minOrderCents: row.minOrderCents,
    active: row.active,
  };
}

/** A short description for the buyer: "20% off", "$5.00 off", "... courses only". */
export function describeCoupon(rule: CouponRule): string {
  const amount = rule.discountType === 'percent' ? `${rule.percentOff ?? 0}% off` : `${formatUsd(rule.amountOffCents ?? 0)} off`;
  if (rule.appliesToItems && rule.appliesToItems.length > 0) return `${amount} selected items`;
  if (rule.appliesToKinds && rule.appliesToKinds.length > 0) {
    return `${amount} ${rule.appliesToKinds.map((k) => `${k.toLowerCase()}s`).join(' and ')}`;
  }
  return amount;
}
