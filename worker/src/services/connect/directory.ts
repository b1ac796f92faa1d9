import { and, asc, eq, inArray } from 'drizzle-orm';
import { danceStyles, instructorProfiles, instructorStyles, lessonTypes, users } from '../../../../db/schema/index.ts';
import { LESSON_KINDS, type LessonKind } from '../../../../db/schema/bookings.ts';
import { DEFAULT_SEARCH_RADIUS_MILES, DIRECTORY_PAGE_SIZE, ZIP_NOT_FOUND, type DirectorySort } from '../../domain/bookings.ts';
import { FEATURES } from '../../domain/features.ts';
import { subscriptionLevel } from '../../domain/subscriptions.ts';
import { badRequest } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import type { DanceStyleView, DirectoryAnswer, ZipPlace } from '../../../../shared/bookings/views.ts';
import { entryOf, type DirectoryFilters, type DirectoryRecord } from '../../../../shared/connect/directory-search.ts';
import { matchConditions, nearPage, plainPage } from './directory-query.ts';
import { lookupZip } from './zipcode.ts';

/**
 * The Connect & Book directory (decision 0032): the published profiles of active users, as cards.
 * /connect and GET /api/connect/instructors show one page of the matches, read by SQL
 * (./directory-query.ts, decision 0072): only that page's cards are made here. The answers are
 * kept in the public cache under the `connect` version.
 */

const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** The name shown on a card: first and last name, or "Instructor" when the user left both empty. */
export const displayName = (first: string, last: string) => `${first} ${last}`.trim() || 'Instructor';

/** Whether the premium listing shows: asked for, and the plan (not a role) reaches the gate now. */
export function premiumActive(
  premiumListing: boolean,
  plan: { subscriptionTier: string | null; subscriptionStatus: string | null; subscriptionExpiresAt: string | null },
  now: number = Date.now(),
): boolean {
  if (!premiumListing) return false;
  const level = subscriptionLevel(
    { subscription_tier: plan.subscriptionTier, subscription_status: plan.subscriptionStatus, subscription_expires_at: plan.subscriptionExpiresAt },
    now,
  );
  return level >= FEATURES.premium_directory_listing.level;
}

/** Published profiles of active users: `only` names them (one instructor, or a page's), in no order. */
export async function loadDirectoryRecords(db: Db, only: number | number[]): Promise<DirectoryRecord[]> {
  const ids = typeof only === 'number' ? [only] : only;
  if (ids.length === 0) return [];
  const where = and(eq(instructorProfiles.status, 'published'), eq(users.isActive, true), inArray(instructorProfiles.userId, ids));
  const profiles = await db
    .select({
      profile: instructorProfiles,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      subscriptionTier: users.subscriptionTier,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionExpiresAt: users.subscriptionExpiresAt,
    })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(where);
  if (profiles.length === 0) return [];

  const [styles, types] = await Promise.all([
    db
      .select({ instructorId: instructorStyles.instructorId, name: danceStyles.name, slug: danceStyles.slug })
      .from(instructorStyles)
      .innerJoin(danceStyles, eq(danceStyles.id, instructorStyles.styleId))
      .where(inArray(instructorStyles.instructorId, ids))
      .orderBy(asc(danceStyles.position), asc(danceStyles.name)),
    db
      .select({ instructorId: lessonTypes.instructorId, kind: lessonTypes.kind, priceCents: lessonTypes.priceCents })
      .from(lessonTypes)
      .where(and(inArray(lessonTypes.instructorId, ids), eq(lessonTypes.active, true))),
  ]);

  const stylesOf = new Map<number, { name: string; slug: string }[]>();
  for (const s of styles) (stylesOf.get(s.instructorId) ?? stylesOf.set(s.instructorId, []).get(s.instructorId)!).push(s);
  const typesOf = new Map<number, { kind: LessonKind; priceCents: number }[]>();
  for (const t of types) (typesOf.get(t.instructorId) ?? typesOf.set(t.instructorId, []).get(t.instructorId)!).push(t);

  const now = Date.now();
  return profiles.map(({ profile: p, ...u }) => {
    const own = typesOf.get(p.userId) ?? [];
    const prices = own.map((t) => t.priceCents).sort((a, b) => a - b);
    const priceFrom = prices[0] ?? null;
    return {
      id: p.userId,
      name: displayName(u.firstName, u.lastName),
      headline: p.headline,
      photo_url: p.photoUrl ?? u.profileImageUrl ?? null,
      city: p.offersInPerson ? p.city : null,
      state: p.offersInPerson ? p.state : null,
      offers_online: p.offersOnline,
      offers_in_person: p.offersInPerson,
      travel_radius_miles: p.travelRadiusMiles,
      styles: (stylesOf.get(p.userId) ?? []).map((s) => s.name),
      style_slugs: (stylesOf.get(p.userId) ?? []).map((s) => s.slug),
      lesson_kinds: LESSON_KINDS.filter((k) => own.some((t) => t.kind === k)),
      levels: parseList(p.levels),
      languages: parseList(p.languages),
      price_from_cents: priceFrom,
      price_from: dollars(priceFrom),
      prices_cents: prices,
      // The visible reviews' average and count, kept on the profile by the triggers (decision 0072).
      rating: p.reviewCount > 0 && p.ratingTenths !== null ? p.ratingTenths / 10 : null,
      review_count: p.reviewCount,
      verified: p.verified,
      premium: premiumActive(p.premiumListing, u, now),
      distance_miles: null,
      reach: null,
      time_zone: p.timeZone,
      latitude: p.offersInPerson ? p.latitude : null,
      longitude: p.offersInPerson ? p.longitude : null,
    } satisfies DirectoryRecord;
  });
}

/** The visible styles, by position: the directory's style filter. */
export async function directoryStyles(db: Db): Promise<DanceStyleView[]> {
  const rows = await db.select().from(danceStyles).where(eq(danceStyles.hidden, false)).orderBy(asc(danceStyles.position), asc(danceStyles.name), asc(danceStyles.id));
  return rows.map((s) => ({ id: s.id, name: s.name, slug: s.slug, description: s.description, hidden: s.hidden, position: s.position }));
}

export interface DirectoryQuery extends Partial<Omit<DirectoryFilters, 'radius' | 'sort'>> {
  zip?: string;
  radius?: number;
  sort?: DirectorySort;
  page?: number;
  pageSize?: number;
}

/** The searched place of a ZIP code; an unknown code is a 400 on the zip field. */
export async function originOf(zip: string | undefined): Promise<ZipPlace | null> {
  if (!zip) return null;
  const place = await lookupZip(zip);
  if (!place) throw badRequest(ZIP_NOT_FOUND, { zip: [ZIP_NOT_FOUND] });
  return place;
}

/** One page of the directory (decision 0072): read by SQL, the cards of that page only. */
export async function directoryPage(
  db: Db,
  filters: DirectoryFilters,
  origin: ZipPlace | null,
  page: number,
  pageSize: number,
): Promise<{ records: DirectoryRecord[]; total: number; capped: boolean }> {
  const base = await matchConditions(db, filters);
  if (!base) return { records: [], total: 0, capped: false };
  const offset = (page - 1) * pageSize;
  const found = origin ? await nearPage(db, base, filters, origin, offset, pageSize) : await plainPage(db, base, filters.sort, offset, pageSize);
  const byId = new Map((await loadDirectoryRecords(db, found.ids)).map((r) => [r.id, r]));
  const records = found.ids.flatMap((id): DirectoryRecord[] => {
    const r = byId.get(id);
    if (!r) return [];
    if (!origin) return [r];
    const distance = found.distances.get(id);
    // Outside the reach, the distance says nothing about the lesson (it is online).
    return [{ ...r, reach: distance === undefined ? 'online' : 'nearby', distance_miles: distance ?? null }];
  });
  return { records, total: found.total, capped: found.capped };
}

/** GET /api/connect/instructors. */
export async function searchDirectory(db: Db, query: DirectoryQuery): Promise<DirectoryAnswer> {
  const origin = await originOf(query.zip);
  const filters: DirectoryFilters = {
    style: query.style,
    lessonType: query.lessonType,
    level: query.level,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    mode: query.mode,
    radius: query.radius ?? DEFAULT_SEARCH_RADIUS_MILES,
    sort: query.sort ?? 'recommended',
  };
  const pageSize = query.pageSize ?? DIRECTORY_PAGE_SIZE;
  const page = query.page ?? 1;
  const [found, styles] = await Promise.all([directoryPage(db, filters, origin, page, pageSize), directoryStyles(db)]);
  return {
    data: found.records.map(entryOf),
    pagination: { page, pageSize, total: found.total, totalPages: Math.max(1, Math.ceil(found.total / pageSize)) },
    total_capped: found.capped,
    origin,
    styles,
  };
}
