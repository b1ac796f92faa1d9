import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { resourceCategories, resourceFiles, resourceOwnerships, type ResourceFileRow, type ResourceRow } from '../../db/schema/index.ts';
import type { Platform } from '../../worker/src/platform/context.ts';
import type { Db } from '../../worker/src/platform/db.ts';
import { createUser, signIn, type FactoryUser, type UserOptions } from './factories.ts';
import { createResource, createSeller, uniqueStoreName, type FactorySeller, type ResourceOptions, type SellerOptions } from './seller-factories.ts';

/**
 * The store's factories for the resource, download and review tests (and the site's journeys):
 * sellers in any state, resources in any state, their files put into the object store as the
 * upload route puts them (under private/resources/), categories, ownerships and real PDFs.
 * Every name is unique, so tests in one database never collide.
 */

export type { FactorySeller };

let counter = 0;
const next = () => `${++counter}-${randomUUID().slice(0, 8)}`;

/** A seller (approved unless told otherwise) with a signed-in token. */
export function makeSeller(db: Db, options: SellerOptions = {}): Promise<FactorySeller> {
  return createSeller(db, { storeName: options.storeName ?? uniqueStoreName('Studio'), ...options });
}

export interface MakeResourceOptions extends Omit<ResourceOptions, 'sellerId'> {
  /** The seller; a new approved seller when absent. */
  sellerId?: number;
}

/** A resource (published unless told otherwise) with a unique title. */
export async function makeResource(db: Db, options: MakeResourceOptions = {}): Promise<ResourceRow> {
  const sellerId = options.sellerId ?? (await makeSeller(db)).user.id;
  const { sellerId: _, ...rest } = options;
  return createResource(db, sellerId, { title: `Lesson plan ${next()}`, ...rest });
}

/** A resource category with a unique name. */
export async function makeResourceCategory(db: Db, name = `Category ${next()}`) {
  const [row] = await db.insert(resourceCategories).values({ name }).returning();
  return row!;
}

/** A real PDF of `pages` pages with a line of text on each (made by pdf-lib). */
export async function makePdf(pages = 2, text = 'A lesson plan for a beginners class.'): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${text} Page ${i + 1}.`, { x: 50, y: 780, size: 12, font });
  }
  return new Uint8Array(await doc.save());
}

export interface MakeFileOptions {
  name?: string;
  /** The file's bytes; a two-page PDF when absent. */
  bytes?: Uint8Array;
  mimetype?: string;
  pageCount?: number | null;
  position?: number;
}

/**
 * A file of a resource: its bytes put into the object store under private/resources/ and its
 * resource_files row, as POST /api/resources/{id}/files writes them.
 */
export async function makeResourceFile(
  t: { db: Db; platform: Pick<Platform, 'storage'> },
  resourceId: number,
  options: MakeFileOptions = {},
): Promise<ResourceFileRow> {
  const pdf = options.bytes === undefined;
  const bytes = options.bytes ?? (await makePdf(options.pageCount ?? 2));
  const mimetype = options.mimetype ?? (pdf ? 'application/pdf' : 'text/plain');
  const ext = mimetype === 'application/pdf' ? 'pdf' : 'txt';
  const key = `private/resources/${randomUUID()}.${ext}`;
  await t.platform.storage.put(key, bytes, mimetype);
  const [row] = await t.db
    .insert(resourceFiles)
    .values({
      resourceId,
      storageKey: key,
      originalName: options.name ?? `plan-${next()}.${ext}`,
      mimetype,
      size: bytes.length,
      pageCount: options.pageCount === undefined ? (pdf ? 2 : null) : options.pageCount,
      position: options.position ?? 0,
    })
    .returning();
  return row!;
}

/** An ownership of a resource (as a free take or a grant writes it; purchases go through a real order). */
export async function makeOwnership(db: Db, userId: number, resourceId: number, source: 'free' | 'grant' = 'grant') {
  const [row] = await db.insert(resourceOwnerships).values({ userId, resourceId, source }).onConflictDoNothing().returning();
  return row;
}

/** A signed-in buyer (a plain STUDENT). */
export async function makeBuyer(db: Db, options: UserOptions = {}): Promise<{ user: FactoryUser; token: string }> {
  const user = await createUser(db, options);
  return { user, token: await signIn(db, user.id) };
}

/** The resource's counters as the store shows them. */
export async function resourceCounters(db: Db, resourceId: number) {
  const [row] = await db.all<{ sales_count: number; download_count: number; rating_average: number; rating_count: number; status: string }>(
    sql`SELECT sales_count, download_count, rating_average, rating_count, status FROM resources WHERE id = ${resourceId}`,
  );
  return row!;
}
