import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { resourceReviews, resources, sellerLedger, sellerProfiles, type ResourceRow, type SellerProfileRow } from '../../db/schema/index.ts';
import type { SellerRole, SellerStatus } from '../../shared/store/views.ts';
import type { Db } from '../../worker/src/platform/db.ts';
import type { PlanKey } from '../../worker/src/domain/subscriptions.ts';
import { createUser, signIn, type FactoryUser, type UserOptions } from './factories.ts';
import { givePlan } from './subscription-factories.ts';

/**
 * Sellers and their things for the sellers' API tests: a profile in any state (with the role an
 * approval grants when approved), published resources written straight to the table, reviews and
 * ledger rows. The store's resource API (helper A) has its own factories for files and uploads.
 */

let counter = 0;
export const uniqueStoreName = (prefix = 'Store') => `${prefix} ${++counter} ${randomBytes(3).toString('hex')}`;

export interface SellerOptions extends UserOptions {
  status?: SellerStatus;
  requestedRole?: SellerRole;
  storeName?: string;
  bio?: string;
  payoutsEnabled?: boolean;
  connectAccountId?: string | null;
  /** The seller's plan (decision 0031: selling needs Educator or higher); educator by default, free for none. */
  plan?: PlanKey;
}

export interface FactorySeller {
  user: FactoryUser;
  token: string;
  profile: SellerProfileRow;
}

/** A user with a seller profile (approved by default; approved sellers hold the requested role) and an Educator plan unless told otherwise. */
export async function createSeller(db: Db, options: SellerOptions = {}): Promise<FactorySeller> {
  const status = options.status ?? 'approved';
  const role = options.requestedRole ?? 'SELLER';
  const holdsRole = status === 'approved' || status === 'suspended';
  const user = await createUser(db, { ...options, roles: options.roles ?? (holdsRole ? [role] : ['STUDENT']) });
  const [profile] = await db
    .insert(sellerProfiles)
    .values({
      userId: user.id,
      storeName: options.storeName ?? uniqueStoreName(),
      bio: options.bio ?? 'Lesson plans for dance teachers, tried in class.',
      requestedRole: role,
      status,
      payoutsEnabled: options.payoutsEnabled ?? false,
      connectAccountId: options.connectAccountId ?? null,
      decidedAt: status === 'pending' ? null : new Date().toISOString(),
    })
    .returning();
  const plan = options.plan ?? 'educator';
  if (plan !== 'free') await givePlan(db, user.id, plan);
  return { user, token: await signIn(db, user.id), profile: profile! };
}

export type ResourceOptions = Partial<typeof resources.$inferInsert>;

/** A resource of the seller, published unless told otherwise. */
export async function createResource(db: Db, sellerId: number, options: ResourceOptions = {}): Promise<ResourceRow> {
  const status = options.status ?? 'published';
  const [row] = await db
    .insert(resources)
    .values({
      title: `Lesson plan ${++counter}`,
      description: 'A **ballet** lesson plan for a beginners class: warm-up, barre, centre and a short combination.',
      danceStyle: 'Ballet',
      ageGroup: 'Children (5-8)',
      level: 'Beginner',
      priceCents: 1200,
      publishedAt: status === 'published' ? new Date().toISOString() : null,
      ...options,
      sellerId,
      status,
    })
    .returning();
  return row!;
}

/** A review of a resource by a new user (rating counts on the resource are kept in step, as the review writes do). */
export async function createReview(db: Db, resourceId: number, rating: number, body = 'Clear and useful in class.') {
  const author = await createUser(db);
  await db.insert(resourceReviews).values({ resourceId, userId: author.id, rating, body });
  await db.run(sql`UPDATE resources SET
      rating_count = (SELECT count(*) FROM resource_reviews WHERE resource_id = ${resourceId}),
      rating_average = (SELECT avg(rating) FROM resource_reviews WHERE resource_id = ${resourceId})
    WHERE id = ${resourceId}`);
  return author;
}

/** A ledger row written straight to the table (as the RESOURCE fulfiller or a refund would). */
export async function addLedgerRow(db: Db, row: typeof sellerLedger.$inferInsert) {
  const [inserted] = await db.insert(sellerLedger).values(row).returning();
  return inserted!;
}
