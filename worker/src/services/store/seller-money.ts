import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { sellerLedger, sellerPayouts, statTotals } from '../../../../db/schema/index.ts';
import { dollars } from '../../domain/orders.ts';
import { AppError, conflict } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlMinutesAgo } from '../../platform/sql-expressions.ts';
import { connectTestMode, isTestAccount, storedConnectStatus, stripeOf } from './connect.ts';
import { payeeOf, payeeReadySql, type Payee } from './payees.ts';
import { platformFeePercent } from './store-settings.ts';
import { deliverOutboxRows } from '../notifications.ts';
import { payoutStatements } from '../notifications-events.ts';
import type { LedgerEntryView, PayoutView, SellerPayments } from '../../../../shared/store/seller-money.ts';

/**
 * The sellers' money (decision 0029). The ledger (seller_ledger) holds a sale row per paid
 * resource line and a refund row per refunded line (both written in the payment's batches by the
 * RESOURCE fulfiller) and a payout row per payout (written here). Sales charged as Stripe
 * destination charges were paid to the seller's account by Stripe itself (the order's metadata
 * names the destination): they show in the ledger but not in the balance. The balance — what a
 * payout sends — is the sum of the other rows' net. The same ledger holds a Connect & Book
 * instructor's bookings and packages (decision 0032), paid out to the payee's account (payees.ts).
 */

export const PAYOUTS_NOT_ENABLED = 'Set up your payout account before requesting a payout.';
export const NOTHING_TO_PAY = 'There is no balance to pay out.';
export const PAYOUT_IN_PROGRESS = 'A payout is already in progress.';
export const PAYOUTS_PAUSED = 'Payouts are paused while your store is suspended.';
export const PAYOUTS_PAUSED_INSTRUCTOR = 'Payouts are paused while your instructor profile is suspended.';
export const PAYOUT_FAILED = 'The payout could not be made. Please try again later.';

const TEST_TRANSFER_PREFIX = 'tr_test_';
/** seller_payouts named `p`: the payout statements read other rows of the table they write. */
const payoutRow = alias(sellerPayouts, 'p');
/** A payout pending this long was left by a request that stopped: the next request finishes it. */
export const STALE_PAYOUT_MINUTES = 10;

/** True for a ledger row (alias `l`) of an order Stripe paid to the seller directly (a destination charge). */
export const paidDirectlySql = sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = l.order_id
  AND CASE WHEN json_valid(o.metadata) THEN json_extract(o.metadata, '$.connect_destination') IS NOT NULL ELSE 0 END)`;

/** What a payout may send now: the net of every row the platform still owes. */
export const balanceSql = (sellerId: number) =>
  sql`(SELECT coalesce(sum(l.net_cents), 0) FROM seller_ledger l WHERE l.seller_id = ${sellerId} AND NOT ${paidDirectlySql})`;

interface LedgerRow {
  id: number;
  type: LedgerEntryView['type'];
  createdAt: string;
  description: string;
  orderId: number | null;
  orderNumber: string | null;
  resourceId: number | null;
  title: string | null;
  gross: number;
  fee: number;
  net: number;
  paidDirectly: number;
  payoutId: number | null;
}

/** A payout as the statements read it. */
type PayoutRow = Pick<typeof sellerPayouts.$inferSelect, 'id' | 'amountCents' | 'status' | 'providerTransferId' | 'createdAt' | 'paidAt'>;

const toPayout = (row: PayoutRow): PayoutView => ({
  id: Number(row.id),
  amount_cents: Number(row.amountCents),
  amount: dollars(Number(row.amountCents)),
  status: row.status,
  provider_transfer_id: row.providerTransferId,
  test_mode: row.providerTransferId?.startsWith(TEST_TRANSFER_PREFIX) ?? false,
  created_at: row.createdAt,
  paid_at: row.paidAt,
});

export async function sellerBalance(db: Db, sellerId: number): Promise<number> {
  const [row] = await db.all<{ balance: number }>(sql`SELECT ${balanceSql(sellerId)} AS balance`);
  return Number(row?.balance ?? 0);
}

/** The seller's figures kept in stat_totals by the ledger's triggers (decisions 0039, 0044). */
const SELLER_FIGURES = ['balance', 'net', 'gross', 'sale_gross', 'fees', 'paid_out', 'entries'] as const;
type SellerFigure = (typeof SELLER_FIGURES)[number];

/** A seller's running totals: a handful of rows, whatever the size of the ledger. */
async function sellerFigures(db: Db, sellerId: number): Promise<Record<SellerFigure, number>> {
  const rows = await db
    .select({ metric: statTotals.metric, value: statTotals.value })
    .from(statTotals)
    .where(
      and(
        inArray(
          statTotals.metric,
          SELLER_FIGURES.map((figure) => `seller.${figure}:${sellerId}`),
        ),
        eq(statTotals.day, ''),
      ),
    );
  const byMetric = new Map(rows.map((r) => [r.metric, Number(r.value)]));
  return Object.fromEntries(SELLER_FIGURES.map((figure) => [figure, byMetric.get(`seller.${figure}:${sellerId}`) ?? 0])) as Record<SellerFigure, number>;
}

/** Why this payee may not ask for a payout now, or null. */
function payoutBlock(profile: Payee | null, balance: number, pending: boolean): string | null {
  if (profile?.state === 'suspended') return profile.source === 'seller' ? PAYOUTS_PAUSED : PAYOUTS_PAUSED_INSTRUCTOR;
  if (!profile || profile.state !== 'active' || !profile.connectAccountId || !profile.payoutsEnabled) return PAYOUTS_NOT_ENABLED;
  if (pending) return PAYOUT_IN_PROGRESS;
  if (balance <= 0) return NOTHING_TO_PAY;
  return null;
}

/** GET /api/seller/payments: balance, totals, a page of the ledger (newest first), the payouts. */
export async function getSellerPayments(platform: Platform, sellerId: number, query: { page: number; page_size: number }): Promise<SellerPayments> {
  const { db } = platform;
  const [profile, percent, figures, entries, payouts] = await Promise.all([
    payeeOf(db, sellerId),
    platformFeePercent(db),
    sellerFigures(db, sellerId),
    db.all<LedgerRow>(sql`SELECT l.id, l.type, l.created_at AS createdAt, l.description, l.order_id AS orderId, o.number AS orderNumber,
        l.resource_id AS resourceId, coalesce(r.title, oi.title) AS title,
        l.gross_cents AS gross, l.fee_cents AS fee, l.net_cents AS net, ${paidDirectlySql} AS paidDirectly, l.payout_id AS payoutId
      FROM seller_ledger l
      LEFT JOIN orders o ON o.id = l.order_id
      LEFT JOIN order_items oi ON oi.id = l.order_item_id
      LEFT JOIN resources r ON r.id = l.resource_id
      WHERE l.seller_id = ${sellerId}
      ORDER BY l.created_at DESC, l.id DESC
      LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`),
    db.all<PayoutRow>(sql`SELECT
        id, amount_cents AS amountCents, status, provider_transfer_id AS providerTransferId, created_at AS createdAt, paid_at AS paidAt
      FROM seller_payouts WHERE seller_id = ${sellerId} ORDER BY id DESC LIMIT 50`),
  ]);
  const balance = figures.balance;
  const pending = payouts.some((p) => p.status === 'pending');
  return {
    balance_cents: balance,
    balance: dollars(balance),
    totals: {
      sales_cents: figures.sale_gross,
      fees_cents: figures.fees,
      // The gross of sales and refunds less that of the sales.
      refunds_cents: figures.gross - figures.sale_gross,
      earned_cents: figures.net,
      paid_out_cents: figures.paid_out,
      // The balance is what was earned less what was paid directly and what payouts sent.
      paid_directly_cents: figures.net - figures.paid_out - balance,
    },
    platform_fee_percent: percent,
    connect: storedConnectStatus(platform, profile),
    payout_blocked_reason: payoutBlock(profile, balance, pending),
    ledger: {
      data: entries.map((e) => ({
        id: Number(e.id),
        type: e.type,
        created_at: e.createdAt,
        description: e.description,
        order_id: e.orderId === null ? null : Number(e.orderId),
        order_number: e.orderNumber,
        resource: e.resourceId !== null && e.title !== null ? { id: Number(e.resourceId), title: e.title } : null,
        gross_cents: Number(e.gross),
        fee_cents: Number(e.fee),
        net_cents: Number(e.net),
        paid_directly: Number(e.paidDirectly) === 1,
        payout_id: e.payoutId === null ? null : Number(e.payoutId),
      })),
      total: figures.entries,
      page: query.page,
      page_size: query.page_size,
    },
    payouts: payouts.map(toPayout),
    test_mode: connectTestMode(platform),
  };
}

/**
 * POST /api/seller/payouts: pays the whole balance to the seller's connected account.
 *
 * The payout is reserved first, in one batch: a payout row for exactly the balance (only while
 * the balance is positive, no other payout of the seller is pending and payouts are enabled) and
 * the negative ledger row that takes it out of the balance. Two requests at once are serialised by
 * the batch's write transaction: the second finds the balance at zero and a payout pending, and
 * inserts nothing (409). Then the money moves: a Stripe Transfer (idempotency key of the payout,
 * so a retry never pays twice), or in test mode a simulated transfer. A refused transfer marks the
 * payout failed and gives the amount back to the balance, in one batch. A payout still pending
 * after STALE_PAYOUT_MINUTES was left by a request that stopped; the next request finishes it.
 */
export async function requestPayout(platform: Platform, sellerId: number): Promise<PayoutView> {
  const { db } = platform;
  const profile = await payeeOf(db, sellerId);
  const block = payoutBlock(profile, 1, false);
  if (block) throw conflict(block);
  const accountId = profile!.connectAccountId!;
  const simulated = connectTestMode(platform) || isTestAccount(accountId);

  const [reserved] = await db.batch([
    db
      .insert(sellerPayouts)
      .select(
        db
          .select(insertSelection(sellerPayouts, { sellerId, amountCents: sql`b.balance`, status: 'pending' }))
          .from(sql`(SELECT ${balanceSql(sellerId)} AS balance) b`)
          .where(
            and(
              sql`b.balance > 0`,
              notExists(db.select({ one: sql`1` }).from(payoutRow).where(and(eq(payoutRow.sellerId, sellerId), eq(payoutRow.status, 'pending')))),
              payeeReadySql(profile!, accountId),
            ),
          ),
      )
      .returning({ id: sellerPayouts.id, amountCents: sellerPayouts.amountCents }),
    db.insert(sellerLedger).select(
      db
        .select(
          insertSelection(sellerLedger, {
            sellerId: payoutRow.sellerId,
            type: 'payout',
            payoutId: payoutRow.id,
            grossCents: 0,
            feeCents: 0,
            netCents: sql`-${payoutRow.amountCents}`,
            description: simulated ? 'Payout (test mode)' : 'Payout to your Stripe account',
          }),
        )
        .from(payoutRow)
        .where(
          and(
            eq(payoutRow.sellerId, sellerId),
            eq(payoutRow.status, 'pending'),
            notExists(db.select({ one: sql`1` }).from(sellerLedger).where(and(eq(sellerLedger.type, 'payout'), eq(sellerLedger.payoutId, payoutRow.id)))),
          ),
        ),
    ),
  ]);
  const payout = reserved[0];
  if (payout) return settlePayout(platform, sellerId, Number(payout.id), Number(payout.amountCents), accountId, simulated);
  const [pending] = await db.all<{ id: number; amountCents: number; stale: number }>(sql`SELECT id, amount_cents AS amountCents,
      created_at < ${sqlMinutesAgo(STALE_PAYOUT_MINUTES)} AS stale
    FROM seller_payouts WHERE seller_id = ${sellerId} AND status = 'pending' ORDER BY id LIMIT 1`);
  if (!pending) throw conflict(NOTHING_TO_PAY);
  // A payout left pending by a request that never finished (the process stopped mid-way) is
  // finished now: the transfer's idempotency key makes sure Stripe sends it at most once.
  if (Number(pending.stale) === 1) return settlePayout(platform, sellerId, Number(pending.id), Number(pending.amountCents), accountId, simulated);
  throw conflict(PAYOUT_IN_PROGRESS);
}

/** Moves a reserved payout's money (Stripe Transfer or simulated) and marks it paid; a refusal marks it failed and gives the amount back. */
async function settlePayout(platform: Platform, sellerId: number, payoutId: number, amountCents: number, accountId: string, simulated: boolean): Promise<PayoutView> {
  const { db } = platform;
  let transferId: string;
  if (simulated) {
    transferId = `${TEST_TRANSFER_PREFIX}${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;
  } else {
    try {
      const transfer = await stripeOf(platform).transfers.create(
        {
          amount: amountCents,
          currency: 'usd',
          destination: accountId,
          description: `DRX seller payout ${payoutId}`,
          metadata: { payoutId: String(payoutId), sellerId: String(sellerId) },
        },
        { idempotencyKey: `payout-${payoutId}` },
      );
      transferId = transfer.id;
    } catch (err) {
      console.error('Seller payout transfer failed', err instanceof Error ? err.message : err);
      await db.batch([
        db.update(sellerPayouts).set({ status: 'failed' }).where(and(eq(sellerPayouts.id, payoutId), eq(sellerPayouts.status, 'pending'))),
        db.run(sql`DELETE FROM seller_ledger WHERE type = 'payout' AND payout_id = ${payoutId}
          AND EXISTS (SELECT 1 FROM seller_payouts p WHERE p.id = ${payoutId} AND p.status = 'failed')`),
      ]);
      throw new AppError(502, PAYOUT_FAILED);
    }
  }
  // Paid, and the payee told (in-app and by email, as they chose) in the same batch, only by the request that made it paid.
  const paidAt = new Date().toISOString();
  const told = payoutStatements(platform, sellerId, amountCents, sql`EXISTS (SELECT 1 FROM seller_payouts WHERE id = ${payoutId} AND paid_at = ${paidAt} AND provider_transfer_id = ${transferId})`);
  const [, , mails] = await db.batch([
    db
      .update(sellerPayouts)
      .set({ status: 'paid', providerTransferId: transferId, paidAt })
      .where(and(eq(sellerPayouts.id, payoutId), eq(sellerPayouts.status, 'pending'))),
    ...told,
  ]);
  deliverOutboxRows(platform, mails);
  const [row] = await db.all<PayoutRow>(sql`SELECT
      id, amount_cents AS amountCents, status, provider_transfer_id AS providerTransferId, created_at AS createdAt, paid_at AS paidAt
    FROM seller_payouts WHERE id = ${payoutId}`);
  return toPayout(row!);
}
