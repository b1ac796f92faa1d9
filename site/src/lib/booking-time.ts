/**
 * Instants of Connect & Book shown in a person's zone (decision 0032): a booking's and a slot's
 * times are UTC instants; the booker reads them in their own zone with the instructor's wall time
 * noted beside. Pure: Intl only, every function takes the zone it shows.
 */

/** The zone of this browser (Intl), or UTC where it cannot be read. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether Intl knows the zone. */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones a person can choose from: Intl's list, with `current` in it. */
export function zoneChoices(current: string): string[] {
  let zones: string[];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  all.add(current);
  all.add('UTC');
  return [...all].sort();
}

/** "Berlin" for Europe/Berlin, "New York" for America/New_York, "UTC" for UTC. */
export function zoneCity(zone: string): string {
  const last = zone.split('/').pop() ?? zone;
  return last.replace(/_/g, ' ');
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function fmt(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

function instant(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "9:00 AM" in the zone. */
export function formatTime(value: string | Date, zone: string): string {
  const d = instant(value);
  return d ? fmt(zone, { hour: 'numeric', minute: '2-digit' }).format(d) : '';
}

/** "Mon, Nov 30" in the zone. */
export function formatShortDay(value: string | Date, zone: string): string {
  const d = instant(value);
  return d ? fmt(zone, { weekday: 'short', month: 'short', day: 'numeric' }).format(d) : '';
}

/** "Monday, November 30, 2026" in the zone. */
export function formatLongDay(value: string | Date, zone: string): string {
  const d = instant(value);
  return d ? fmt(zone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(d) : '';
}

/** "Monday, November 30, 2026 at 9:00 AM" in the zone. */
export function formatDateTime(value: string | Date, zone: string): string {
  const day = formatLongDay(value, zone);
  return day ? `${day} at ${formatTime(value, zone)}` : '';
}

/** The zone's wall date of an instant: 'YYYY-MM-DD'. */
export function localDateKey(value: string | Date, zone: string): string {
  const d = instant(value);
  if (!d) return '';
  const parts = fmt(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether two zones show the same wall time at this instant. */
export function sameWallTime(value: string | Date, a: string, b: string): boolean {
  return a === b || (formatTime(value, a) === formatTime(value, b) && localDateKey(value, a) === localDateKey(value, b));
}

/**
 * A slot's time for the booker with the instructor's noted:
 * "9:00 AM your time · 3:00 PM in Berlin (instructor)"; the instructor's day is named when it
 * is not the booker's.
 */
export function slotLabel(startsAt: string, bookerZone: string, instructorZone: string): string {
  const mine = `${formatTime(startsAt, bookerZone)} your time`;
  if (sameWallTime(startsAt, bookerZone, instructorZone)) return `${mine} · same as the instructor`;
  const otherDay = localDateKey(startsAt, bookerZone) !== localDateKey(startsAt, instructorZone) ? ` (${formatShortDay(startsAt, instructorZone)})` : '';
  return `${mine} · ${formatTime(startsAt, instructorZone)}${otherDay} in ${zoneCity(instructorZone)} (instructor)`;
}

/** A booking's time for its booker: "Monday, November 30, 2026 at 9:00 AM (Europe/London)". */
export function bookingWhen(startsAt: string, zone: string): string {
  return `${formatDateTime(startsAt, zone)} (${zone})`;
}

/** The instructor's wall time noted beside: "3:00 PM in Berlin (instructor)", or '' when it is the same. */
export function instructorNote(startsAt: string, bookerZone: string, instructorZone: string): string {
  if (sameWallTime(startsAt, bookerZone, instructorZone)) return '';
  const day = localDateKey(startsAt, bookerZone) !== localDateKey(startsAt, instructorZone) ? `${formatShortDay(startsAt, instructorZone)}, ` : '';
  return `${day}${formatTime(startsAt, instructorZone)} in ${zoneCity(instructorZone)} (instructor)`;
}

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no zone). */
export function addDays(dateKey: string, n: number): string {
  const [y, m, d] = dateKey.split('-').map(Number);
  const t = new Date(Date.UTC(y!, m! - 1, d! + n));
  return t.toISOString().slice(0, 10);
}

/** `count` consecutive date keys from `from`. */
export function dayKeys(from: string, count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(from, i));
}

/** A date key as a day chip shows it: weekday and day ("Mon", "Nov 30"). */
export function dayChip(dateKey: string): { weekday: string; date: string; long: string } {
  const [y, m, d] = dateKey.split('-').map(Number);
  const noonUtc = new Date(Date.UTC(y!, m! - 1, d!, 12));
  return {
    weekday: fmt('UTC', { weekday: 'short' }).format(noonUtc),
    date: fmt('UTC', { month: 'short', day: 'numeric' }).format(noonUtc),
    long: fmt('UTC', { weekday: 'long', month: 'long', day: 'numeric' }).format(noonUtc),
  };
}

/** Slots by the zone's wall date of their start, each day's in time order. */
export function groupByLocalDay<T extends { starts_at: string }>(slots: readonly T[], zone: string): Map<string, T[]> {
  const days = new Map<string, T[]>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  for (const slot of sorted) {
    const key = localDateKey(slot.starts_at, zone);
    if (!key) continue;
    const list = days.get(key);
    if (list) list.push(slot);
    else days.set(key, [slot]);
  }
  return days;
}

/** The last moment a booker may cancel for a refund: the start less the policy's hours. */
export function cancellationDeadline(startsAt: string, cancellationHours: number): string {
  return new Date(Date.parse(startsAt) - cancellationHours * 3_600_000).toISOString();
}

/** Whether every one of `slots` starts on the zone's local day of `tried` (true without `tried`). */
export function sameDayAs(tried: string | undefined, slots: readonly { starts_at: string }[], zone: string): boolean {
  if (!tried) return true;
  const day = localDateKey(tried, zone);
  return slots.every((s) => localDateKey(s.starts_at, zone) === day);
}
