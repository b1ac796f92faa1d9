import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { availabilityRules, danceStyles, instructorProfiles, instructorStyles, lessonPackages, lessonTypes, roles, userRoles } from '../../../../db/schema/index.ts';
import { PROFILE_INCOMPLETE, PROFILE_NOT_FOUND, PROFILE_SUSPENDED, ZIP_NOT_FOUND } from '../../domain/bookings.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { publicLink } from '../../platform/public-url.ts';
import type { OwnProfileView } from '../../../../shared/bookings/views.ts';
import { actorHasFeature, assertFeature, type GateActor } from '../feature-access.ts';
import { STYLE_NOT_FOUND, type ProfileValues } from '../../../../shared/connect/profile-schemas.ts';
import { toLessonTypeView, toPackageView } from './profile-views.ts';
import { lookupZip } from './zipcode.ts';
import { defaultSettings } from '../../domain/settings.ts';
import { readSettings } from '../settings.ts';

/**
 * A person's own professional profile (decision 0032): reading it with what
 * publishing still needs, creating and editing it, publishing and unpublishing. Every signed-in
 * person may keep one, keyed by their user id, so "own" is the only check. Lesson types and
 * packages are in profile-offers.ts.
 */

type ProfileRow = typeof instructorProfiles.$inferSelect;

const DEFAULT_TIME_ZONE = 'America/New_York';

/** What publishing still needs, one item each, in the order of PROFILE_INCOMPLETE. */
export const MISSING_ITEMS = {
  headline: 'headline',
  bio: 'bio',
  style: 'a style',
  lessonType: 'a lesson type',
  weeklyHours: 'weekly hours',
  place: 'online or a ZIP code',
} as const;

export function missingItems(
  profile: Pick<ProfileRow, 'headline' | 'bio' | 'offersOnline' | 'offersInPerson' | 'zip'>,
  counts: { styles: number; activeLessonTypes: number; weeklyRules: number },
): string[] {
  const missing: string[] = [];
  if (!profile.headline.trim()) missing.push(MISSING_ITEMS.headline);
  if (!profile.bio.trim()) missing.push(MISSING_ITEMS.bio);
  if (counts.styles === 0) missing.push(MISSING_ITEMS.style);
  if (counts.activeLessonTypes === 0) missing.push(MISSING_ITEMS.lessonType);
  if (counts.weeklyRules === 0) missing.push(MISSING_ITEMS.weeklyHours);
  if (!profile.offersOnline && !(profile.offersInPerson && profile.zip)) missing.push(MISSING_ITEMS.place);
  return missing;
}

const jsonList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export async function loadProfileRow(db: Db, userId: number): Promise<ProfileRow | null> {
  const [row] = await db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, userId));
  return row ?? null;
}

/** The profile or 404 PROFILE_NOT_FOUND ("Create your professional profile first."). */
export async function requireProfileRow(db: Db, userId: number): Promise<ProfileRow> {
  const row = await loadProfileRow(db, userId);
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return row;
}

/** GET /api/connect/profile's answer, or null when the person has no profile. */
export async function ownProfileView(platform: Pick<Platform, 'db' | 'env'>, actor: GateActor & { id: number }): Promise<OwnProfileView | null> {
  const { db } = platform;
  const userId = actor.id;
  const [profile, styles, types, packages, [rules]] = await Promise.all([
    loadProfileRow(db, userId),
    db.select({ id: instructorStyles.styleId }).from(instructorStyles).where(eq(instructorStyles.instructorId, userId)).orderBy(asc(instructorStyles.styleId)),
    db.select().from(lessonTypes).where(eq(lessonTypes.instructorId, userId)).orderBy(asc(lessonTypes.position), asc(lessonTypes.id)),
    db.select().from(lessonPackages).where(eq(lessonPackages.instructorId, userId)).orderBy(asc(lessonPackages.id)),
    db.select({ n: count() }).from(availabilityRules).where(eq(availabilityRules.instructorId, userId)),
  ]);
  if (!profile) return null;
  const typeById = new Map(types.map((t) => [t.id, t]));
  return {
    id: userId,
    status: profile.status,
    headline: profile.headline,
    bio: profile.bio,
    photo_url: profile.photoUrl,
    video_url: profile.videoUrl,
    style_ids: styles.map((s) => s.id),
    levels: jsonList(profile.levels),
    age_groups: jsonList(profile.ageGroups),
    languages: jsonList(profile.languages),
    offers_online: profile.offersOnline,
    offers_in_person: profile.offersInPerson,
    zip: profile.zip,
    city: profile.city,
    state: profile.state,
    travel_radius_miles: profile.travelRadiusMiles,
    time_zone: profile.timeZone,
    meeting_url: profile.meetingUrl,
    min_notice_minutes: profile.minNoticeMinutes,
    horizon_days: profile.horizonDays,
    buffer_minutes: profile.bufferMinutes,
    cancellation_hours: profile.cancellationHours,
    premium_listing: profile.premiumListing,
    premium_active: profile.premiumListing && actorHasFeature(actor, 'premium_directory_listing'),
    verified: profile.verified,
    suspended_reason: profile.status === 'suspended' ? profile.suspendedReason : null,
    lesson_types: types.map(toLessonTypeView),
    packages: packages.map((p) => toPackageView(p, typeById.get(p.lessonTypeId))),
    missing: missingItems(profile, {
      styles: styles.length,
      activeLessonTypes: types.filter((t) => t.active).length,
      weeklyRules: rules?.n ?? 0,
    }),
    published_at: profile.publishedAt,
    calendar_feed_url: publicLink(platform.env, `/api/connect/calendar/${profile.calendarToken}.ics`),
  };
}

export async function requireOwnProfileView(platform: Pick<Platform, 'db' | 'env'>, actor: GateActor & { id: number }): Promise<OwnProfileView> {
  const view = await ownProfileView(platform, actor);
  if (!view) throw notFound(PROFILE_NOT_FOUND);
  return view;
}

/** The private feed's secret: 18 random bytes, base64url (24 characters). */
export function newCalendarToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The styles asked for: each must exist and be shown, except a style the profile already has,
 * which stays when an admin hides it (decision 0032).
 */
async function checkStyles(db: Db, userId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const [found, current] = await Promise.all([
    db.select({ id: danceStyles.id, hidden: danceStyles.hidden }).from(danceStyles).where(inArray(danceStyles.id, ids)),
    db.select({ id: instructorStyles.styleId }).from(instructorStyles).where(eq(instructorStyles.instructorId, userId)),
  ]);
  const kept = new Set(current.map((s) => s.id));
  const usable = new Set(found.filter((s) => !s.hidden || kept.has(s.id)).map((s) => s.id));
  if (ids.some((id) => !usable.has(id))) throw badRequest(STYLE_NOT_FOUND, { style_ids: [STYLE_NOT_FOUND] });
}

/**
 * PUT /api/connect/profile: creates the profile (a draft, with a new calendar token) or replaces
 * its fields. The ZIP code is resolved to its place here (400 ZIP_NOT_FOUND when unknown); the
 * zone defaults to the ZIP code's. Asking for the premium listing needs the plan's gate; a
 * listing already asked for is kept when the plan lapses (it only shows while the plan reaches
 * the level). The profile row and its styles are written in one batch.
 */
export async function saveProfile(platform: Pick<Platform, 'db' | 'env'>, actor: GateActor & { id: number }, values: ProfileValues): Promise<{ view: OwnProfileView; created: boolean }> {
  const { db } = platform;
  const userId = actor.id;
  const existing = await loadProfileRow(db, userId);
  const place = values.zip ? await lookupZip(values.zip) : null;
  if (values.zip && !place) throw badRequest(ZIP_NOT_FOUND, { zip: [ZIP_NOT_FOUND] });
  await checkStyles(db, userId, values.style_ids);
  if (values.premium_listing && !existing?.premiumListing) assertFeature(actor, 'premium_directory_listing');
  // A new profile starts from the admin's booking policy defaults (decision 0033) where the form sends no rule.
  const policy = existing ? defaultSettings() : await readSettings(db);

  const fields = {
    headline: values.headline,
    bio: values.bio,
    photoUrl: values.photo_url,
    videoUrl: values.video_url,
    levels: JSON.stringify(values.levels),
    ageGroups: JSON.stringify(values.age_groups),
    languages: JSON.stringify(values.languages),
    offersOnline: values.offers_online,
    offersInPerson: values.offers_in_person,
    zip: place?.zip ?? null,
    city: place?.city ?? null,
    state: place?.state ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    travelRadiusMiles: values.travel_radius_miles,
    timeZone: values.time_zone ?? place?.timeZone ?? existing?.timeZone ?? DEFAULT_TIME_ZONE,
    meetingUrl: values.meeting_url,
    minNoticeMinutes: values.min_notice_minutes ?? existing?.minNoticeMinutes ?? policy.booking_min_notice_minutes,
    horizonDays: values.horizon_days ?? existing?.horizonDays ?? policy.booking_horizon_days,
    bufferMinutes: values.buffer_minutes ?? existing?.bufferMinutes ?? policy.booking_buffer_minutes,
    cancellationHours: values.cancellation_hours ?? existing?.cancellationHours ?? policy.booking_cancellation_hours,
    premiumListing: values.premium_listing,
  };
  const styleRows = values.style_ids.map((styleId) => ({ instructorId: userId, styleId }));
  await db.batch([
    db
      .insert(instructorProfiles)
      .values({ userId, ...fields, calendarToken: newCalendarToken() })
      .onConflictDoUpdate({ target: instructorProfiles.userId, set: { ...fields, updatedAt: sqlNow } }),
    db.delete(instructorStyles).where(eq(instructorStyles.instructorId, userId)),
    ...(styleRows.length ? [db.insert(instructorStyles).values(styleRows)] : []),
  ]);
  return { view: await requireOwnProfileView(platform, actor), created: !existing };
}

/** The 409 of an incomplete profile: PROFILE_INCOMPLETE with `missing` (one item each) beside it. */
export function profileIncomplete(missing: string[]): AppError {
  return new AppError(409, PROFILE_INCOMPLETE, { details: { missing } });
}

/**
 * POST /api/connect/profile/publish: a complete profile that is not suspended goes into the
 * directory. The same batch grants DIRECTORY_MEMBER and BOOKING_PROFESSIONAL, conditioned on
 * the profile being published, so the roles never come without it; the user_roles triggers move
 * the `accounts` version, so kept sessions read the new roles at once (decision 0021).
 * Publishing a published profile changes nothing.
 */
export async function publishProfile(platform: Pick<Platform, 'db' | 'env'>, actor: GateActor & { id: number }): Promise<OwnProfileView> {
  const { db } = platform;
  const userId = actor.id;
  const view = await requireOwnProfileView(platform, actor);
  if (view.status === 'suspended') throw forbidden(PROFILE_SUSPENDED);
  if (view.missing.length) throw profileIncomplete(view.missing);
  const [updated] = await db.batch([
    db
      .update(instructorProfiles)
      .set({ status: 'published', publishedAt: sqlNow, updatedAt: sqlNow })
      .where(and(eq(instructorProfiles.userId, userId), eq(instructorProfiles.status, 'draft'))),
    db
      .insert(userRoles)
      .select(
        db
          .select(insertSelection(userRoles, { userId: instructorProfiles.userId, roleId: roles.id }))
          .from(instructorProfiles)
          .innerJoin(roles, inArray(roles.name, ['DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL']))
          .where(and(eq(instructorProfiles.userId, userId), eq(instructorProfiles.status, 'published'))),
      )
      .onConflictDoNothing(),
  ]);
  const after = await requireOwnProfileView(platform, actor);
  // Suspended between the read and the write: the guarded update changed nothing.
  if (updated.rowsAffected === 0 && after.status === 'suspended') throw forbidden(PROFILE_SUSPENDED);
  return after;
}

/**
 * POST /api/connect/profile/unpublish: back to a draft, out of the directory. The roles stay:
 * they say the person has been a professional here, and the instructor keeps managing the
 * bookings already made (the directory and the booking flow read the profile's status, not the
 * roles), so publishing again needs nothing new. A suspended profile stays suspended (403).
 */
export async function unpublishProfile(platform: Pick<Platform, 'db' | 'env'>, actor: GateActor & { id: number }): Promise<OwnProfileView> {
  const { db } = platform;
  const before = await requireProfileRow(db, actor.id);
  if (before.status === 'suspended') throw forbidden(PROFILE_SUSPENDED);
  const updated = await db
    .update(instructorProfiles)
    .set({ status: 'draft', publishedAt: null, updatedAt: sqlNow })
    .where(and(eq(instructorProfiles.userId, actor.id), eq(instructorProfiles.status, 'published')));
  const after = await requireOwnProfileView(platform, actor);
  if (updated.rowsAffected === 0 && after.status === 'suspended') throw forbidden(PROFILE_SUSPENDED);
  return after;
}
