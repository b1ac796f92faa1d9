import { count, inArray, sql, type SQL } from 'drizzle-orm';
import { NO_SIGN_IN_PASSWORD_HASH } from '../worker/src/domain/content-accounts.ts';
import { SVG_CONTENT_TYPE } from './cover-art.ts';
import { CHECKOUT_SESSION_MINUTES, newOrderNumber, orderDescription } from '../worker/src/domain/orders.ts';
import { hashText, seededRandom } from '../worker/src/domain/seeded-random.ts';
import type { Db } from '../worker/src/platform/db.ts';
import { fulfillerOf } from '../worker/src/services/payments/fulfilment.ts';
import { orders, resources } from './schema/index.ts';
import {
  DEMO_APPLICANT,
  DEMO_FREE_TAKES,
  DEMO_ORDERS,
  DEMO_RESOURCE_CATEGORIES,
  DEMO_RESOURCES,
  DEMO_REVIEWS,
  DEMO_SELLER_PROFILES,
  type DemoResource,
} from './seed-store-content.ts';
import { demoResourceCovers, demoStoreFiles, PDF_CONTENT_TYPE } from './seed-store-files.ts';
import { previewKeyOf } from '../worker/src/services/store/pdf-preview.ts';
import { registerSellableKinds } from '../worker/src/services/payments/registry.ts';

/**
 * The demo curriculum store (decision 0029), written on a database that has no
 * resources yet (the demo seed runs only on an empty one): resource categories, three approved
 * sellers' stores and one application waiting for review, eighteen resources in every state
 * (fifteen published, one submitted for review, one draft, one rejected) with their files and
 * covers, paid orders fulfilled by the RESOURCE fulfiller itself — so ownerships, sales counts and
 * the sellers' ledger are exactly what a real payment writes — free takes, reviews with seller
 * replies, downloads and page views for the sellers' analytics.
 *
 * Deterministic: the same order numbers, keys and figures on every database (only the dates
 * follow today). The files' bytes go into the object store at start (ensureDemoStoreFiles).
 */

const signed = (n: number, unit: string) => `${n <= 0 ? '+' : '-'}${Math.abs(n)} ${unit}`;
/** A moment `days` and `hours` before now (negative: after), as the app stores times. */
const ago = (days: number, hours = 0) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${signed(days, 'days')}, ${signed(hours, 'hours')})`;

const userId = (username: string) => sql`(SELECT id FROM users WHERE lower(username) = lower(${username}))`;
const resourceId = (title: string) => sql`(SELECT id FROM resources WHERE title = ${title} ORDER BY id LIMIT 1)`;

/** The deterministic order number and test session of the demo's i-th order. */
export function demoOrderNumber(i: number): string {
  const random = seededRandom(hashText(`demo-store-order:${i}`));
  return newOrderNumber((n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256)));
}
export const DEMO_SESSION_PREFIX = 'cs_test_demo_';

const resourceByTitle = new Map<string, DemoResource>(DEMO_RESOURCES.map((r) => [r.title, r]));
const coverUrl = new Map(demoResourceCovers().map((c) => [c.resource, c.url]));

/** Categories, the applicant, seller profiles, resources, files, cover uploads, free takes and pending orders. */
async function catalogStatements(): Promise<SQL[]> {
  const out: SQL[] = [];
  DEMO_RESOURCE_CATEGORIES.forEach((c, position) => {
    out.push(sql`INSERT INTO resource_categories (name, description, position) VALUES (${c.name}, ${c.description}, ${position}) ON CONFLICT DO NOTHING`);
  });

  // The applicant owns nothing and cannot sign in (decision 0016's content accounts).
  const a = DEMO_APPLICANT;
  out.push(sql`INSERT INTO users (username, email, password_hash, first_name, last_name, bio, created_at, updated_at)
    VALUES (${a.username}, NULL, ${NO_SIGN_IN_PASSWORD_HASH}, ${a.firstName}, ${a.lastName}, ${a.bio}, ${ago(a.appliedDaysAgo + 20)}, ${ago(a.appliedDaysAgo + 20)})
    ON CONFLICT DO NOTHING`);
  out.push(sql`INSERT INTO user_roles (user_id, role_id) SELECT ${userId(a.username)}, id FROM roles WHERE name = 'STUDENT' AND ${userId(a.username)} IS NOT NULL ON CONFLICT DO NOTHING`);
  out.push(sql`INSERT INTO seller_profiles (user_id, store_name, bio, sample_url, application_note, requested_role, status, created_at, updated_at)
    SELECT id, ${a.storeName}, ${a.storeBio}, ${a.sampleUrl}, ${a.applicationNote}, ${a.requestedRole}, 'pending', ${ago(a.appliedDaysAgo)}, ${ago(a.appliedDaysAgo)}
    FROM users WHERE lower(username) = lower(${a.username}) AND password_hash = ${NO_SIGN_IN_PASSWORD_HASH}
    ON CONFLICT DO NOTHING`);

  for (const p of DEMO_SELLER_PROFILES) {
    out.push(sql`INSERT INTO seller_profiles (user_id, store_name, bio, application_note, requested_role, status, decided_by, decided_at, created_at, updated_at)
      SELECT id, ${p.storeName}, ${p.bio}, ${p.applicationNote}, ${p.requestedRole}, 'approved', ${userId('curriculum_admin')},
        ${ago(p.approvedDaysAgo)}, ${ago(p.approvedDaysAgo + 2)}, ${ago(p.approvedDaysAgo)}
      FROM users WHERE lower(username) = lower(${p.username})
      ON CONFLICT DO NOTHING`);
  }

  for (const r of DEMO_RESOURCES) {
    const seller = userId(r.seller);
    const created = ago(r.createdDaysAgo);
    const submitted = r.status === 'draft' ? null : ago(r.createdDaysAgo, -1);
    const published = r.status === 'published' ? ago(r.createdDaysAgo - 1) : null;
    out.push(sql`INSERT INTO resources (seller_id, title, description, dance_style, age_group, level, category_id, price_cents,
        cover_image_url, status, rejection_reason, featured, submitted_at, published_at, created_at, updated_at)
      SELECT ${seller}, ${r.title}, ${r.description}, ${r.style}, ${r.ageGroup}, ${r.level},
        (SELECT id FROM resource_categories WHERE lower(name) = lower(${r.category})), ${r.priceCents},
        ${coverUrl.get(r.title)!}, ${r.status}, ${r.rejectionReason ?? null}, ${r.featured ? 1 : 0},
        ${submitted}, ${published}, ${created}, ${published ?? submitted ?? created}
      WHERE ${seller} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM resources WHERE title = ${r.title})`);
  }

  for (const f of await demoStoreFiles()) {
    const r = resourceByTitle.get(f.resource)!;
    out.push(sql`INSERT INTO resource_files (resource_id, storage_key, original_name, mimetype, size, page_count, position, created_at)
      SELECT id, ${f.key}, ${f.name}, ${f.mimetype}, ${f.bytes.byteLength}, ${f.pageCount}, ${f.position}, ${ago(r.createdDaysAgo)}
      FROM resources WHERE id = ${resourceId(f.resource)}
      ON CONFLICT DO NOTHING`);
  }

  // Each resource's first PDF has its preview (decision 0064); ensureDemoStoreFiles makes its bytes.
  const previewed = new Set<string>();
  for (const f of await demoStoreFiles()) {
    if (f.mimetype !== PDF_CONTENT_TYPE || previewed.has(f.resource)) continue;
    previewed.add(f.resource);
    out.push(sql`UPDATE resources SET preview_key = ${previewKeyOf(f.key)} WHERE id = ${resourceId(f.resource)} AND preview_key IS NULL`);
  }

  // Public uploads rows of the covers, owned by the seller (decision 0019's pattern).
  for (const c of demoResourceCovers()) {
    out.push(sql`INSERT INTO uploads (key, original_name, mimetype, size, user_id, access)
      SELECT ${c.key}, ${c.name}, ${SVG_CONTENT_TYPE}, ${new TextEncoder().encode(c.svg).byteLength}, ${userId(c.owner)}, 'public'
      WHERE NOT EXISTS (SELECT 1 FROM uploads WHERE key = ${c.key}) AND EXISTS (SELECT 1 FROM resources WHERE cover_image_url = ${c.url})`);
  }

  for (const take of DEMO_FREE_TAKES) {
    out.push(sql`INSERT INTO resource_ownerships (user_id, resource_id, source, created_at)
      SELECT ${userId(take.buyer)}, id, 'free', ${ago(take.daysAgo)} FROM resources
      WHERE id = ${resourceId(take.title)} AND price_cents = 0 AND ${userId(take.buyer)} IS NOT NULL
      ON CONFLICT DO NOTHING`);
  }

  // The orders as checkout creates them: pending, with the lines priced from the resources.
  DEMO_ORDERS.forEach((o, i) => {
    const number = demoOrderNumber(i);
    const lines = o.titles.map((t) => resourceByTitle.get(t)!);
    const total = lines.reduce((sum, r) => sum + r.priceCents, 0);
    const created = ago(o.daysAgo, 2 + (i % 5));
    out.push(sql`INSERT INTO orders (number, user_id, type, status, description, subtotal_cents, discount_cents, total_cents, provider,
        provider_session_id, expires_at, created_at, updated_at)
      SELECT ${number}, ${userId(o.buyer)}, 'resource', 'pending', ${orderDescription(lines.map((r) => ({ title: r.title, quantity: 1 })))},
        ${total}, 0, ${total}, 'test', ${`${DEMO_SESSION_PREFIX}${number.replace(/-/g, '')}`},
        strftime('%Y-%m-%dT%H:%M:%fZ', ${created}, ${`+${CHECKOUT_SESSION_MINUTES} minutes`}), ${created}, ${created}
      WHERE ${userId(o.buyer)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders WHERE number = ${number})`);
    for (const r of lines) {
      out.push(sql`INSERT INTO order_items (order_id, kind, item_id, title, image_url, unit_price_cents, quantity, discount_cents, total_cents)
        SELECT o.id, 'RESOURCE', r.id, r.title, r.cover_image_url, r.price_cents, 1, 0, r.price_cents
        FROM orders o, resources r WHERE o.number = ${number} AND r.id = ${resourceId(r.title)}
        ON CONFLICT DO NOTHING`);
    }
  });
  return out;
}

/**
 * Pays the demo's pending orders as the webhook does (decision 0024): the paid transition, then
 * the registered fulfillers' grants — for RESOURCE lines the ownership, the sales count and the
 * seller's ledger row — and the lines marked fulfilled, in one batch per order. The rows' times
 * are then moved to the day the order was paid, for the sellers' history and charts.
 */
async function payDemoOrders(db: Db): Promise<number> {
  registerSellableKinds();
  const fulfiller = fulfillerOf('RESOURCE');
  if (!fulfiller) throw new Error('The demo store needs the RESOURCE fulfiller (worker/src/services/payments/fulfilment.ts)');
  const pending = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(sql`${orders.status} = 'pending' AND ${orders.paidAt} IS NULL AND ${orders.providerSessionId} LIKE ${`${DEMO_SESSION_PREFIX}%`}`);
  const grantable = sql`o.paid_at IS NOT NULL AND oi.fulfilled_at IS NULL AND oi.revoked_at IS NULL`;
  const paidAt = (id: number) => sql`(SELECT paid_at FROM orders WHERE id = ${id})`;
  for (const order of pending) {
    const [first, ...rest] = [
      db.run(sql`UPDATE orders SET status = 'paid', paid_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+3 minutes'),
          provider_payment_intent_id = ${`pi_test_${order.number.replace(/-/g, '')}`}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+3 minutes')
        WHERE id = ${order.id} AND paid_at IS NULL`),
      ...fulfiller.grant(db, order.id, grantable),
      db.run(sql`UPDATE order_items AS oi SET fulfilled_at = o.paid_at
        FROM orders o WHERE o.id = oi.order_id AND oi.order_id = ${order.id} AND oi.kind = 'RESOURCE' AND ${grantable}`),
      db.run(sql`UPDATE resource_ownerships SET created_at = ${paidAt(order.id)} WHERE order_id = ${order.id}`),
      db.run(sql`UPDATE seller_ledger SET created_at = ${paidAt(order.id)} WHERE order_id = ${order.id}`),
      // The sellers' notices of these sales: dated with the sale, those older than a week read.
      db.run(sql`UPDATE notifications SET created_at = ${paidAt(order.id)},
          read_at = CASE WHEN ${paidAt(order.id)} < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-7 days') THEN strftime('%Y-%m-%dT%H:%M:%fZ', ${paidAt(order.id)}, '+1 day') END
        WHERE kind = 'resource_sold' AND read_at IS NULL AND body LIKE ${`% in order ${order.number}.`}`),
    ];
    await db.batch([first, ...rest]);
  }
  return pending.length;
}

/** Reviews with replies, the ratings they make, downloads of what was bought, and page views. */
function activityStatements(): SQL[] {
  const out: SQL[] = [];
  for (const r of DEMO_REVIEWS) {
    // Only an owner who is not the seller may review (decision 0029).
    out.push(sql`INSERT INTO resource_reviews (resource_id, user_id, rating, body, seller_reply, replied_at, created_at, updated_at)
      SELECT ro.resource_id, ro.user_id, ${r.rating}, ${r.body}, ${r.reply ?? null}, ${r.reply ? ago(r.daysAgo - 1) : null}, ${ago(r.daysAgo)}, ${ago(r.daysAgo)}
      FROM resource_ownerships ro JOIN resources res ON res.id = ro.resource_id
      WHERE ro.resource_id = ${resourceId(r.title)} AND ro.user_id = ${userId(r.author)} AND res.seller_id <> ro.user_id
      ON CONFLICT DO NOTHING`);
  }
  const titles = [...new Set(DEMO_REVIEWS.map((r) => r.title))];
  for (const title of titles) {
    out.push(sql`UPDATE resources SET
        rating_count = (SELECT count(*) FROM resource_reviews WHERE resource_id = resources.id),
        rating_average = coalesce((SELECT round(avg(rating), 2) FROM resource_reviews WHERE resource_id = resources.id), 0)
      WHERE id = ${resourceId(title)}`);
  }
  // Every owner downloaded each file of what they own once, a day after getting it.
  out.push(sql`INSERT INTO resource_downloads (resource_id, file_id, user_id, created_at)
    SELECT ro.resource_id, f.id, ro.user_id, strftime('%Y-%m-%dT%H:%M:%fZ', ro.created_at, '+1 day')
    FROM resource_ownerships ro JOIN resource_files f ON f.resource_id = ro.resource_id
    WHERE NOT EXISTS (SELECT 1 FROM resource_downloads d WHERE d.resource_id = ro.resource_id AND d.user_id = ro.user_id)
    ORDER BY ro.id, f.position`);
  out.push(sql`UPDATE resources SET download_count = (SELECT count(*) FROM resource_downloads WHERE resource_id = resources.id)
    WHERE id IN (SELECT resource_id FROM resource_downloads)`);
  // Page views per day over the last 30 days since publication, more for featured resources.
  for (const r of DEMO_RESOURCES) {
    if (r.status !== 'published') continue;
    const random = seededRandom(hashText(`demo-store-views:${r.title}`));
    const days = Math.min(30, r.createdDaysAgo - 1);
    for (let d = days; d >= 0; d--) {
      const views = Math.floor(random() * (r.featured ? 14 : 7)) + (r.featured ? 3 : 0);
      if (views === 0) continue;
      out.push(sql`INSERT INTO resource_views (resource_id, day, views)
        SELECT id, strftime('%Y-%m-%d', 'now', ${`-${d} days`}), ${views} FROM resources WHERE id = ${resourceId(r.title)}
        ON CONFLICT DO NOTHING`);
    }
  }
  return out;
}

async function runAll(db: Db, statements: SQL[]): Promise<void> {
  const [first, ...rest] = statements.map((s) => db.run(s));
  if (first) await db.batch([first, ...rest]);
}

/**
 * Seeds the demo store when the database has no resource and no seller yet (so a real store is
 * never touched); sellers and buyers are the demo accounts, missing ones are skipped. Returns
 * whether it wrote.
 */
export async function seedDemoStore(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(resources);
  if ((existing?.n ?? 0) > 0) return false;
  await runAll(db, await catalogStatements());
  await payDemoOrders(db);
  await runAll(db, activityStatements());
  return true;
}

/** The demo resources' ids by title (tests and other seeds). */
export async function demoResourceIds(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: resources.id, title: resources.title })
    .from(resources)
    .where(inArray(resources.title, DEMO_RESOURCES.map((r) => r.title)));
  return new Map(rows.map((r) => [r.title, r.id]));
}

