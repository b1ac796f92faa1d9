import { and, asc, count, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { danceStyles, instructorProfiles, instructorStyles, lessonTypes, users } from '../../../../db/schema/index.ts';
import { DIRECTORY_TRAVEL_BANDS } from '../../../../db/schema/bookings.ts';
import { DIRECTORY_COUNT_MAX, DIRECTORY_NEARBY_MAX, type DirectorySort } from '../../domain/bookings.ts';
import { FEATURES } from '../../domain/features.ts';
import { CURRENT_STATUSES, SUBSCRIPTION_LEVELS, TIER_TO_PLAN, tierLevel } from '../../domain/subscriptions.ts';
import type { Db } from '../../platform/db.ts';
import { distanceFrom, tierOrder, type DirectoryFilters, type Origin, type Ranked } from '../../../../shared/connect/directory-search.ts';

/**
 * The directory's page read by SQL (decision 0072): the filters are conditions of the statement,
 * each order is a walk of its index (db/schema/bookings.ts) that the LIMIT stops, and the sort keys
 * (name, rating, reviews, lowest price) are columns the triggers keep on the profile. Near a ZIP
 * code the in-person candidates are the rows of a latitude/longitude box per travel band, at most
 * DIRECTORY_NEARBY_MAX a band, measured and ranked exactly here (decision 0068's tiers); the online
 * tier after them is read like a plain page.
 */

const P = instructorProfiles;

/** The tiers whose level reaches the premium listing's gate, in lower case (tiers are written both ways). */
const PREMIUM_TIERS = [...Object.keys(SUBSCRIPTION_LEVELS), ...Object.keys(TIER_TO_PLAN)]
  .filter((tier) => tierLevel(tier) >= FEATURES.premium_directory_listing.level)
  .map((tier) => tier.toLowerCase());

/** The premium listing shows now: asked for, and a current plan reaches the gate (as `premiumActive`), never null. */
const premiumNow = (nowIso: string): SQL =>
  sql`coalesce(${and(
    sql`${P.premiumListing} = 1`,
    inArray(sql`lower(${users.subscriptionStatus})`, [...CURRENT_STATUSES]),
    or(isNull(users.subscriptionExpiresAt), eq(users.subscriptionExpiresAt, ''), gt(users.subscriptionExpiresAt, nowIso)),
    inArray(sql`lower(trim(${users.subscriptionTier}))`, PREMIUM_TIERS),
  )!}, 0)`;

/** The filters every tier shares: published profiles of active users that match what was asked. */
export async function matchConditions(db: Db, f: Omit<DirectoryFilters, 'radius' | 'sort'>): Promise<SQL[] | null> {
  const where: SQL[] = [eq(P.status, 'published'), eq(users.isActive, true)];
  if (f.style) {
    const [style] = await db.select({ id: danceStyles.id }).from(danceStyles).where(eq(danceStyles.slug, f.style)).limit(1);
    if (!style) return null;
    where.push(exists(db.select({ one: sql`1` }).from(instructorStyles).where(and(eq(instructorStyles.instructorId, P.userId), eq(instructorStyles.styleId, style.id)))));
  }
  const activeType = (...also: SQL[]) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(lessonTypes)
        .where(and(eq(lessonTypes.instructorId, P.userId), eq(lessonTypes.active, true), ...also)),
    );
  if (f.lessonType) where.push(activeType(eq(lessonTypes.kind, f.lessonType)));
  if (f.minPrice !== undefined || f.maxPrice !== undefined) {
    const range: SQL[] = [];
    if (f.minPrice !== undefined) range.push(gte(lessonTypes.priceCents, Math.round(f.minPrice * 100)));
    if (f.maxPrice !== undefined) range.push(lte(lessonTypes.priceCents, Math.round(f.maxPrice * 100)));
    where.push(activeType(...range));
  }
  if (f.level) {
    // The levels are a JSON list on the profile; a malformed one lists none.
    const levels = sql`CASE WHEN json_valid(${P.levels}) THEN ${P.levels} ELSE '[]' END`;
    where.push(sql`EXISTS (SELECT 1 FROM json_each(${levels}) WHERE lower(json_each.value) = ${f.level.toLowerCase()})`);
  }
  if (f.mode === 'online') where.push(eq(P.offersOnline, true));
  if (f.mode === 'in_person') where.push(eq(P.offersInPerson, true));
  return where;
}

/** Recommended's keys after the first: verified, rating, how many reviews, name, id (decision 0032). */
const RECOMMENDED: SQL[] = [desc(P.verified), desc(P.ratingTenths), desc(P.reviewCount), asc(P.sortName), asc(P.userId)];

interface Tier {
  where: SQL[];
  order: SQL[];
}

/**
 * The tiers of a sort, each an index's order: recommended lists the premium listings shown now
 * before the rest; a price sort lists the instructors without a lesson price last.
 */
function tiersOf(sort: DirectorySort, nowIso: string): Tier[] {
  switch (sort) {
    case 'rating':
      return [{ where: [], order: [desc(P.ratingTenths), desc(P.reviewCount), desc(P.verified), asc(P.sortName), asc(P.userId)] }];
    case 'price_low':
    case 'price_high': {
      const price = sort === 'price_low' ? asc(P.priceFromCents) : desc(P.priceFromCents);
      return [
        { where: [isNotNull(P.priceFromCents)], order: [price, ...RECOMMENDED] },
        { where: [isNull(P.priceFromCents)], order: [price, ...RECOMMENDED] },
      ];
    }
    default:
      // Recommended (and distance without a place, where no one has one).
      return [
        // A literal 1, so the planner can use the premium listings' partial index.
        { where: [sql`${P.premiumListing} = 1`, sql`${premiumNow(nowIso)} = 1`], order: RECOMMENDED },
        { where: [sql`${premiumNow(nowIso)} = 0`], order: RECOMMENDED },
      ];
  }
}

/** How many rows match, counted up to `max` (an index walk the LIMIT stops). */
async function countUpTo(db: Db, where: SQL[], max: number): Promise<number> {
  if (max <= 0) return 0;
  const matched = db
    .select({ one: sql`1`.as('one') })
    .from(P)
    .innerJoin(users, eq(users.id, P.userId))
    .where(and(...where))
    .limit(max)
    .as('matched');
  const [row] = await db.select({ n: count() }).from(matched);
  return row?.n ?? 0;
}

/** The ids of rows `offset` … `offset + limit` of the tiers, one after the other, each in its order. */
async function readTiers(db: Db, tiers: Tier[], base: SQL[], offset: number, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let skip = offset;
  for (const tier of tiers) {
    if (ids.length >= limit) break;
    const where = [...base, ...tier.where];
    const rows = await db
      .select({ id: P.userId })
      .from(P)
      .innerJoin(users, eq(users.id, P.userId))
      .where(and(...where))
      .orderBy(...tier.order)
      .limit(limit - ids.length)
      .offset(skip);
    if (rows.length > 0) {
      ids.push(...rows.map((r) => r.id));
      skip = 0;
    } else if (skip > 0) {
      // This tier ends before the page: the page starts in a later one.
      skip -= await countUpTo(db, where, skip);
    }
  }
  return ids;
}

export interface PageOfIds {
  ids: number[];
  /** The matches counted, at most DIRECTORY_COUNT_MAX. */
  total: number;
  capped: boolean;
  /** Near a searched place: the distance of each nearby instructor on the page (the others are online). */
  distances: Map<number, number>;
}

/** A page of the directory without a searched place. */
export async function plainPage(db: Db, base: SQL[], sort: DirectorySort, offset: number, limit: number, now = new Date()): Promise<PageOfIds> {
  const counted = await countUpTo(db, base, DIRECTORY_COUNT_MAX + 1);
  const ids = offset < DIRECTORY_COUNT_MAX ? await readTiers(db, tiersOf(sort, now.toISOString()), base, offset, limit) : [];
  return { ids, total: Math.min(counted, DIRECTORY_COUNT_MAX), capped: counted > DIRECTORY_COUNT_MAX, distances: new Map() };
}

/** Degrees of latitude per mile (a little more than the Earth's, so the box holds every match). */
const DEGREES_PER_MILE = 1 / 69;

/** Longitude degrees per mile at the widest latitude of a box (they grow towards the poles). */
const lngPerMile = (latitude: number, dLat: number) => DEGREES_PER_MILE / Math.cos((Math.min(89.9, Math.abs(latitude) + dLat) * Math.PI) / 180);

/**
 * The in-person candidates near a place: per travel band, the box of the search radius plus the
 * band's largest travel radius (its own index's latitude range), each row's own reach (the radius
 * plus its travel) checked in SQL; at most DIRECTORY_NEARBY_MAX a band.
 */
async function nearbyCandidates(db: Db, base: SQL[], origin: Origin, radius: number, now: Date) {
  const bands = await Promise.all(
    DIRECTORY_TRAVEL_BANDS.map(([low, high]) => {
      const reach = radius + high;
      const dLat = reach * DEGREES_PER_MILE;
      const dLng = reach * lngPerMile(origin.latitude, dLat);
      const rowLat = sql`abs(${P.latitude} - ${origin.latitude}) <= (${radius} + ${P.travelRadiusMiles}) * ${DEGREES_PER_MILE}`;
      const rowLng = sql`abs(${P.longitude} - ${origin.longitude}) <= (${radius} + ${P.travelRadiusMiles}) * ${lngPerMile(origin.latitude, dLat)}`;
      return db
        .select({
          id: P.userId,
          latitude: P.latitude,
          longitude: P.longitude,
          travel: P.travelRadiusMiles,
          online: P.offersOnline,
          verified: P.verified,
          ratingTenths: P.ratingTenths,
          reviewCount: P.reviewCount,
          sortName: P.sortName,
          priceFromCents: P.priceFromCents,
          premium: premiumNow(now.toISOString()).mapWith(Number),
        })
        .from(P)
        .innerJoin(users, eq(users.id, P.userId))
        .where(
          and(
            ...base,
            eq(P.offersInPerson, true),
            // Literal bounds, as the band's partial index names them.
            sql`${P.travelRadiusMiles} BETWEEN ${sql.raw(String(low))} AND ${sql.raw(String(high))}`,
            gte(P.latitude, origin.latitude - dLat),
            lte(P.latitude, origin.latitude + dLat),
            gte(P.longitude, origin.longitude - dLng),
            lte(P.longitude, origin.longitude + dLng),
            rowLat,
            rowLng,
          ),
        )
        .limit(DIRECTORY_NEARBY_MAX);
    }),
  );
  return bands.flat();
}

/**
 * A page near a searched place (decision 0068): first the in-person instructors who reach it, by
 * the exact distance and the tier's order; then those only their online lessons reach.
 */
export async function nearPage(
  db: Db,
  base: SQL[],
  filters: Pick<DirectoryFilters, 'mode' | 'radius' | 'sort'>,
  origin: Origin,
  offset: number,
  limit: number,
  now = new Date(),
): Promise<PageOfIds> {
  const nearby: (Ranked & { online: boolean })[] = [];
  if (filters.mode !== 'online') {
    for (const c of await nearbyCandidates(db, base, origin, filters.radius, now)) {
      const distance = distanceFrom(origin, { latitude: c.latitude, longitude: c.longitude, offers_in_person: true });
      if (distance === null || distance > filters.radius + c.travel) continue;
      nearby.push({
        id: c.id,
        premium: c.premium === 1,
        verified: c.verified,
        rating: c.ratingTenths === null ? null : c.ratingTenths / 10,
        review_count: c.reviewCount,
        name: c.sortName,
        price_from_cents: c.priceFromCents,
        distance_miles: distance,
        online: c.online,
      });
    }
    nearby.sort(tierOrder(filters.sort, true));
  }
  const distances = new Map(nearby.map((r) => [r.id, r.distance_miles!]));
  const ids = nearby.slice(offset, offset + limit).map((r) => r.id);
  if (filters.mode === 'in_person') {
    const total = Math.min(nearby.length, DIRECTORY_COUNT_MAX);
    return { ids, total, capped: nearby.length > DIRECTORY_COUNT_MAX, distances };
  }
  // The online tier: who teaches online and is not listed as nearby.
  const online = [...base, eq(P.offersOnline, true), notInArray(P.userId, nearby.filter((r) => r.online).map((r) => r.id))];
  const room = DIRECTORY_COUNT_MAX + 1 - nearby.length;
  const onlineCount = await countUpTo(db, online, room);
  if (ids.length < limit && offset + ids.length < DIRECTORY_COUNT_MAX) {
    const skip = Math.max(0, offset - nearby.length);
    const sort = filters.sort === 'distance' ? 'recommended' : filters.sort;
    ids.push(...(await readTiers(db, tiersOf(sort, now.toISOString()), online, skip, limit - ids.length)));
  }
  const counted = nearby.length + onlineCount;
  return { ids, total: Math.min(counted, DIRECTORY_COUNT_MAX), capped: counted > DIRECTORY_COUNT_MAX, distances };
}
