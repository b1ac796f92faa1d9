import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { escapeXml } from './cover-art.ts';
import { ORDER_NUMBER_PATTERN } from '../worker/src/domain/orders.ts';
import { AGE_GROUPS, DANCE_STYLES, RESOURCE_LEVELS } from './schema/store.ts';
import {
  notifications,
  orderItems,
  orders,
  resourceCategories,
  resourceDownloads,
  resourceFiles,
  resourceOwnerships,
  resourceReviews,
  resources,
  resourceViews,
  sellerLedger,
  sellerProfiles,
  uploads,
  users,
} from './schema/index.ts';
import { DEMO_ORDERS, DEMO_RESOURCES, DEMO_REVIEWS } from './seed-store-content.ts';
import { demoResourceCovers, demoStoreFiles, ensureDemoStoreFiles, resourceCoverAlt, writeDemoStoreFilesForR2 } from './seed-store-files.ts';
import { demoOrderNumber, seedDemoStore } from './seed-store.ts';
import { seedDemoData } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DRX_SEED: 'demo' });
  await seedDemoData(t.db);
}, 60_000);
afterAll(() => t.close());

const published = () => t.db.select().from(resources).where(eq(resources.status, 'published'));

async function storedBytes(key: string): Promise<{ type: string; bytes: Uint8Array } | null> {
  const object = await t.platform.storage.get(key);
  if (!object) return null;
  return { type: object.contentType, bytes: new Uint8Array(await new Response(object.body).arrayBuffer()) };
}

describe('the demo store seed', () => {
  it('makes the promised store: a dozen and more published resources by three sellers across styles, ages, levels, categories and prices', async () => {
    const rows = await published();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.sellerId)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.danceStyle)).size).toBeGreaterThanOrEqual(8);
    expect([...new Set(rows.map((r) => r.ageGroup))].sort()).toEqual([...AGE_GROUPS].sort());
    expect([...new Set(rows.map((r) => r.level))].sort()).toEqual([...RESOURCE_LEVELS].sort());
    for (const r of rows) {
      expect(DANCE_STYLES, r.title).toContain(r.danceStyle);
      expect(r.categoryId, r.title).not.toBeNull();
      expect(r.coverImageUrl, r.title).toMatch(/^\/uploads\/demo-art\/[0-9a-f-]{36}\.svg$/);
      expect(r.publishedAt, r.title).not.toBeNull();
    }
    expect(new Set(rows.map((r) => r.categoryId)).size).toBeGreaterThanOrEqual(6);
    const categories = (await t.db.select({ name: resourceCategories.name }).from(resourceCategories)).map((c) => c.name);
    expect(categories).toEqual(expect.arrayContaining(['Lesson Plans', 'Syllabi', 'Music Lists', 'Class Outlines', 'Choreography Notes', 'Recital Planning']));
    const prices = rows.map((r) => r.priceCents);
    expect(prices.filter((p) => p === 0).length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...prices.filter((p) => p > 0))).toBe(499);
    expect(Math.max(...prices)).toBe(3900);
    expect(rows.filter((r) => r.featured).length).toBeGreaterThanOrEqual(3);

    // The demo seller account sells; the sellers are approved with their store names.
    const [seller] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'seller'));
    expect(rows.filter((r) => r.sellerId === seller!.id).length).toBeGreaterThanOrEqual(4);
    const profiles = await t.db.select().from(sellerProfiles);
    expect(profiles.filter((p) => p.status === 'approved').map((p) => p.storeName).sort()).toEqual(['Little Movers Curriculum', 'Marin Groove Lab', 'Rivera Social Dance']);
  });

  it('leaves the curriculum admin something to review: one pending application and one submitted resource', async () => {
    const pending = await t.db
      .select({ status: sellerProfiles.status, storeName: sellerProfiles.storeName, passwordHash: users.passwordHash, email: users.email })
      .from(sellerProfiles)
      .innerJoin(users, eq(users.id, sellerProfiles.userId))
      .where(eq(sellerProfiles.status, 'pending'));
    expect(pending).toHaveLength(1);
    // A content account: it cannot sign in and has no address (decision 0016).
    expect(pending[0]).toMatchObject({ storeName: 'Hoffmann Contemporary', passwordHash: 'locked$no-sign-in', email: null });
    const states = await t.db.select({ status: resources.status, n: sql<number>`count(*)` }).from(resources).groupBy(resources.status);
    expect(Object.fromEntries(states.map((s) => [s.status, s.n]))).toEqual({ published: 15, submitted: 1, draft: 1, rejected: 1 });
    const [rejected] = await t.db.select().from(resources).where(eq(resources.status, 'rejected'));
    expect(rejected!.rejectionReason).toMatch(/submit it again/);
  });

  it('gives every published or reviewed resource 1 to 5 files whose bytes are in the private store, PDFs with the recorded page count', async () => {
    expect(await ensureDemoStoreFiles(t.db, t.platform.storage)).toBe((await demoStoreFiles()).length + demoResourceCovers().length);
    const rows = await t.db.select({ resource: resources, file: resourceFiles }).from(resourceFiles).innerJoin(resources, eq(resources.id, resourceFiles.resourceId));
    const perResource = new Map<number, number>();
    for (const { resource, file } of rows) {
      perResource.set(resource.id, (perResource.get(resource.id) ?? 0) + 1);
      expect(file.storageKey, file.originalName).toMatch(/^private\/resources\/[0-9a-f-]{36}\.(pdf|csv|txt)$/);
      const stored = await storedBytes(file.storageKey);
      expect(stored, file.originalName).not.toBeNull();
      expect(stored!.type).toBe(file.mimetype);
      expect(stored!.bytes.byteLength, file.originalName).toBe(file.size);
      if (file.mimetype === 'application/pdf') {
        const pdf = await PDFDocument.load(stored!.bytes);
        expect(pdf.getPageCount(), file.originalName).toBe(file.pageCount);
        expect(pdf.getTitle(), file.originalName).toBeTruthy();
      } else {
        expect(file.pageCount).toBeNull();
        expect(new TextDecoder('utf-8', { fatal: true }).decode(stored!.bytes).length).toBeGreaterThan(100);
      }
    }
    // Never public: no uploads row for a private file.
    expect(await t.db.select().from(uploads).where(sql`${uploads.key} LIKE 'private/%'`)).toEqual([]);
    for (const r of await t.db.select().from(resources)) {
      const files = perResource.get(r.id) ?? 0;
      if (r.status === 'draft') expect(files, r.title).toBe(0);
      else {
        expect(files, r.title).toBeGreaterThanOrEqual(1);
        expect(files, r.title).toBeLessThanOrEqual(5);
      }
    }
    // Lesson plans are real documents: most PDFs run over more than one page, one has a CSV list and one a text file.
    const pdfs = rows.filter((r) => r.file.mimetype === 'application/pdf');
    expect(pdfs.filter((r) => (r.file.pageCount ?? 0) >= 2).length).toBeGreaterThanOrEqual(12);
    expect(rows.some((r) => r.file.mimetype === 'text/csv')).toBe(true);
    expect(rows.some((r) => r.file.mimetype === 'text/plain')).toBe(true);

    // Each cover is a public upload of its seller, stored as SVG with the resource as its title.
    for (const cover of demoResourceCovers()) {
      const [row] = await t.db.select().from(uploads).where(eq(uploads.key, cover.key));
      const [owner] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, cover.owner));
      expect(row, cover.resource).toMatchObject({ access: 'public', mimetype: 'image/svg+xml', userId: owner!.id });
      const stored = await storedBytes(cover.key);
      const resource = DEMO_RESOURCES.find((r) => r.title === cover.resource)!;
      expect(stored!.type).toBe('image/svg+xml');
      expect(new TextDecoder().decode(stored!.bytes)).toContain(`<title>${escapeXml(resourceCoverAlt(resource.title, resource.style))}</title>`);
    }
    // Once there, nothing is put again.
    expect(await ensureDemoStoreFiles(t.db, t.platform.storage)).toBe(0);
  });

  it('pays the demo orders through the RESOURCE fulfiller: ownerships, sales counts and the ledger match the orders', async () => {
    const paid = await t.db.select().from(orders);
    expect(paid).toHaveLength(DEMO_ORDERS.length);
    for (const [i, order] of paid.entries()) {
      expect(order).toMatchObject({ status: 'paid', provider: 'test', type: 'resource', number: demoOrderNumber(i) });
      expect(order.number).toMatch(ORDER_NUMBER_PATTERN);
      expect(order.paidAt).not.toBeNull();
    }
    const [fee] = await t.db.all<{ value: string }>(sql`SELECT value FROM app_settings WHERE key = 'platform_fee_percent'`);
    const percent = Number(JSON.parse(fee!.value));
    const lines = await t.db
      .select({ item: orderItems, order: orders, sellerId: resources.sellerId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(resources, eq(resources.id, orderItems.itemId));
    expect(lines).toHaveLength(DEMO_ORDERS.reduce((n, o) => n + o.titles.length, 0));
    const ledger = await t.db.select().from(sellerLedger);
    expect(ledger.every((l) => l.type === 'sale')).toBe(true);
    expect(ledger).toHaveLength(lines.length);
    for (const { item, order, sellerId } of lines) {
      expect(item.kind).toBe('RESOURCE');
      expect(item.fulfilledAt, item.title).not.toBeNull();
      const row = ledger.find((l) => l.orderItemId === item.id)!;
      const feeCents = Math.round((item.totalCents * percent) / 100);
      expect(row, item.title).toMatchObject({ sellerId, orderId: order.id, resourceId: item.itemId, grossCents: item.totalCents, feeCents, netCents: item.totalCents - feeCents });
      const owned = await t.db.select().from(resourceOwnerships).where(sql`${resourceOwnerships.userId} = ${order.userId} AND ${resourceOwnerships.resourceId} = ${item.itemId}`);
      expect(owned, item.title).toHaveLength(1);
      expect(owned[0]).toMatchObject({ source: 'purchase', orderId: order.id });
      // Sold on the day it was paid: the sellers' history spreads over the last weeks.
      expect(row.createdAt).toBe(order.paidAt);
    }
    for (const r of await t.db.select().from(resources)) {
      const sold = lines.filter((l) => l.item.itemId === r.id).reduce((n, l) => n + l.item.quantity, 0);
      expect(r.salesCount, r.title).toBe(sold);
    }
    // Each seller had a notice of each sale, dated with it; those older than a week are read.
    const notices = await t.db.select().from(notifications).where(eq(notifications.kind, 'resource_sold'));
    expect(notices).toHaveLength(lines.length);
    for (const { order } of lines) {
      const mine = notices.filter((n) => n.body.endsWith(`in order ${order.number}.`));
      expect(mine.length).toBeGreaterThanOrEqual(1);
      for (const n of mine) expect(n.createdAt).toBe(order.paidAt);
    }
    expect(notices.some((n) => n.readAt === null)).toBe(true);
    expect(notices.some((n) => n.readAt !== null)).toBe(true);
    const total = lines.reduce((n, l) => n + l.item.totalCents, 0);
    expect(ledger.reduce((n, l) => n + l.grossCents, 0)).toBe(total);
    expect(ledger.reduce((n, l) => n + l.netCents + l.feeCents, 0)).toBe(total);
  });

  it('has reviews by owners who are not the seller, some with a reply, and the ratings they make', async () => {
    const reviews = await t.db
      .select({ review: resourceReviews, sellerId: resources.sellerId })
      .from(resourceReviews)
      .innerJoin(resources, eq(resources.id, resourceReviews.resourceId));
    expect(reviews).toHaveLength(DEMO_REVIEWS.length);
    expect(reviews.filter((r) => r.review.sellerReply).length).toBeGreaterThanOrEqual(2);
    for (const { review, sellerId } of reviews) {
      expect(review.userId).not.toBe(sellerId);
      const owned = await t.db.select().from(resourceOwnerships).where(sql`${resourceOwnerships.userId} = ${review.userId} AND ${resourceOwnerships.resourceId} = ${review.resourceId}`);
      expect(owned).toHaveLength(1);
    }
    for (const r of await t.db.select().from(resources)) {
      const mine = reviews.filter((x) => x.review.resourceId === r.id).map((x) => x.review.rating);
      expect(r.ratingCount, r.title).toBe(mine.length);
      const average = mine.length ? mine.reduce((a, b) => a + b, 0) / mine.length : 0;
      expect(r.ratingAverage, r.title).toBeCloseTo(average, 2);
    }
    // Downloads and views for the sellers' dashboards.
    for (const r of await t.db.select().from(resources)) {
      const [n] = await t.db.select({ n: sql<number>`count(*)` }).from(resourceDownloads).where(eq(resourceDownloads.resourceId, r.id));
      expect(r.downloadCount, r.title).toBe(n!.n);
    }
    expect((await t.db.select().from(resourceViews)).length).toBeGreaterThan(100);
  });

  it('adds nothing on a second run, and writes the files and R2 commands for a Workers deployment', async () => {
    const counts = async () =>
      Promise.all(
        [resources, resourceFiles, resourceCategories, sellerProfiles, orders, orderItems, sellerLedger, resourceOwnerships, resourceReviews, resourceDownloads, resourceViews, uploads, users].map(
          async (table) => (await t.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n,
        ),
      );
    const before = await counts();
    expect(await seedDemoStore(t.db)).toBe(false);
    expect(await seedDemoData(t.db)).toBe(false);
    expect(await counts()).toEqual(before);

    const dir = await mkdtemp(join(tmpdir(), 'drx-store-r2-'));
    try {
      const commands = await writeDemoStoreFilesForR2(dir);
      const files = await demoStoreFiles();
      expect(commands).toHaveLength(files.length + DEMO_RESOURCES.length);
      const first = files[0]!;
      expect(commands).toContain(`npx wrangler r2 object put drx-uploads/${first.key} --file ${join(dir, first.key)} --content-type application/pdf --remote`);
      expect(new Uint8Array(await readFile(join(dir, first.key)))).toEqual(first.bytes);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the demo store files', () => {
  it('are the same bytes every time they are made', async () => {
    const { renderDocumentPdf } = await import('./seed-store-pdf.ts');
    const { SALSA_COURSE_PLAN } = await import('./seed-store-documents.ts');
    const ctx = { resourceTitle: SALSA_COURSE_PLAN.title, storeName: 'Rivera Social Dance', tagline: 'Latin · Adult (18+) · Beginner' };
    const [a, b] = [await renderDocumentPdf(SALSA_COURSE_PLAN, ctx), await renderDocumentPdf(SALSA_COURSE_PLAN, ctx)];
    expect(a.pageCount).toBeGreaterThanOrEqual(3);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });
});

describe('the demo store on a deployment', () => {
  it('is seeded with owners that cannot sign in, its orders paid the same way', async () => {
    const deployed = await createTestApp({ DRX_SEED: 'demo' });
    try {
      expect(await seedDemoData(deployed.db, { logins: false })).toBe(true);
      const [n] = await deployed.db.select({ n: sql<number>`count(*)` }).from(resources).where(eq(resources.status, 'published'));
      expect(n!.n).toBe(15);
      const paid = await deployed.db.select({ status: orders.status }).from(orders);
      expect(paid.map((o) => o.status)).toEqual(DEMO_ORDERS.map(() => 'paid'));
      const [sales] = await deployed.db.select({ n: sql<number>`count(*)` }).from(sellerLedger);
      expect(sales!.n).toBe(DEMO_ORDERS.reduce((k, o) => k + o.titles.length, 0));
    } finally {
      deployed.close();
    }
  }, 60_000);
});
