import type { OwnProfileView } from '../../../../shared/bookings/views.ts';
import type { ProfileInput } from '../../../../shared/connect/profile-schemas.ts';

/**
 * The editor's form values and their translation to and from the API: the booking rules are
 * shown in human units (notice in hours, buffer in minutes, horizon in days, cancellation in
 * hours) and sent in the API's.
 */

export interface ProfileForm {
  headline: string;
  bio: string;
  photo_url: string;
  video_url: string;
  style_ids: number[];
  levels: string[];
  age_groups: string[];
  languages: string[];
  offers_online: boolean;
  offers_in_person: boolean;
  zip: string;
  travel_radius_miles: string;
  time_zone: string;
  meeting_url: string;
  notice_hours: string;
  horizon_days: string;
  buffer_minutes: string;
  cancellation_hours: string;
  premium_listing: boolean;
}

/** The browser's zone, or New York where the runtime cannot say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
  } catch {
    return 'America/New_York';
  }
}

/** The IANA zones the runtime knows, with `current` kept in the list. */
export function timeZoneChoices(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The booking rules a new profile starts with: the admin's booking policy defaults (GET /api/site-settings). */
export type BookingDefaults = Pick<OwnProfileView, 'min_notice_minutes' | 'horizon_days' | 'buffer_minutes' | 'cancellation_hours'>;

export function formOf(profile: OwnProfileView | null, defaults: BookingDefaults | null = null): ProfileForm {
  return {
    headline: profile?.headline ?? '',
    bio: profile?.bio ?? '',
    photo_url: profile?.photo_url ?? '',
    video_url: profile?.video_url ?? '',
    style_ids: profile?.style_ids ?? [],
    levels: profile?.levels ?? [],
    age_groups: profile?.age_groups ?? [],
    languages: profile?.languages ?? [],
    offers_online: profile?.offers_online ?? true,
    offers_in_person: profile?.offers_in_person ?? false,
    zip: profile?.zip ?? '',
    travel_radius_miles: String(profile?.travel_radius_miles ?? 10),
    time_zone: profile?.time_zone ?? browserZone(),
    meeting_url: profile?.meeting_url ?? '',
    notice_hours: String((profile?.min_notice_minutes ?? defaults?.min_notice_minutes ?? 720) / 60),
    horizon_days: String(profile?.horizon_days ?? defaults?.horizon_days ?? 60),
    buffer_minutes: String(profile?.buffer_minutes ?? defaults?.buffer_minutes ?? 15),
    cancellation_hours: String(profile?.cancellation_hours ?? defaults?.cancellation_hours ?? 24),
    premium_listing: profile?.premium_listing ?? false,
  };
}

/** A number field: empty stays NaN so the schema names the field. */
const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

export function inputOf(form: ProfileForm): ProfileInput {
  return {
    headline: form.headline,
    bio: form.bio,
    photo_url: form.photo_url || null,
    video_url: form.video_url || null,
    style_ids: form.style_ids,
    levels: form.levels,
    age_groups: form.age_groups,
    languages: form.languages,
    offers_online: form.offers_online,
    offers_in_person: form.offers_in_person,
    zip: form.offers_in_person ? form.zip : form.zip || null,
    travel_radius_miles: form.offers_in_person ? num(form.travel_radius_miles) : 0,
    time_zone: form.time_zone,
    meeting_url: form.meeting_url || null,
    min_notice_minutes: Math.round(num(form.notice_hours) * 60),
    horizon_days: num(form.horizon_days),
    buffer_minutes: num(form.buffer_minutes),
    cancellation_hours: num(form.cancellation_hours),
    premium_listing: form.premium_listing,
  };
}

/** The API's field names, as the form names them (server errors land beside the right input). */
export const FIELD_OF_INPUT: Record<string, keyof ProfileForm> = {
  min_notice_minutes: 'notice_hours',
};

/** Money from cents, for the lists: "$60" or "$62.50". */
export function money(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "Mon 09:00–12:00, 14:00–17:00 · Wed 10:00–16:00". */
export function weeklySummary(weekly: { weekday: number; start: string; end: string }[]): string[] {
  const byDay = new Map<number, string[]>();
  for (const w of [...weekly].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start))) {
    byDay.set(w.weekday, [...(byDay.get(w.weekday) ?? []), `${w.start}–${w.end}`]);
  }
  return [...byDay.entries()].map(([day, spans]) => `${WEEKDAY_NAMES[day - 1]}: ${spans.join(', ')}`);
}
