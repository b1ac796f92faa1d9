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
 * The instructor's wall time of an instant, as noted beside the booker's (decision 0068):
 * "12:00 PM in Los Angeles", with the instructor's day first when it is not the booker's
 * ("Tue, Dec 1, 8:30 AM in Tokyo"); '' when both read the same.
 */
export function instructorNote(startsAt: string, bookerZone: string, instructorZone: string): string {
  if (sameWallTime(startsAt, bookerZone, instructorZone)) return '';
  const day = localDateKey(startsAt, bookerZone) !== localDateKey(startsAt, instructorZone) ? `${formatShortDay(startsAt, instructorZone)}, ` : '';
  return `${day}${formatTime(startsAt, instructorZone)} in ${zoneCity(instructorZone)}`;
}

/** " (12:00 PM in Los Angeles)" to follow the booker's time, or '' when the zones read the same. */
function besideNote(startsAt: string, bookerZone: string, instructorZone: string): string {
  const note = instructorNote(startsAt, bookerZone, instructorZone);
  return note ? ` (${note})` : '';
}

/** A slot's time for the booker with the instructor's beside: "3:00 PM your time (12:00 PM in Los Angeles)". */
export function slotLabel(startsAt: string, bookerZone: string, instructorZone: string): string {
  return `${formatTime(startsAt, bookerZone)} your time${besideNote(startsAt, bookerZone, instructorZone)}`;
}

/** A booking's time for its booker: "Monday, November 30, 2026 at 9:00 AM (Europe/London)". */
export function bookingWhen(startsAt: string, zone: string): string {
  return `${formatDateTime(startsAt, zone)} (${zone})`;
}

/**
 * The one way a booking's time reads from review to My Bookings (decision 0068): the booker's day
 * and time, and the instructor's beside when it differs:
 * "Monday, November 30, 2026 at 3:00 PM your time (12:00 PM in Los Angeles)".
 */
export function bookerWhen(startsAt: string, bookerZone: string, instructorZone: string): string {
  const day = formatDateTime(startsAt, bookerZone);
  return day ? `${day} your time${besideNote(startsAt, bookerZone, instructorZone)}` : '';
}

/** "UTC−05:00": the zone's offset from UTC at an instant ('' where Intl cannot say). */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const name = fmt(zone, { timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
    const offset = name === 'GMT' ? '+00:00' : name.replace(/^GMT/, '');
    return /^[+-]\d{2}:\d{2}$/.test(offset) ? `UTC${offset.replace('-', '\u2212')}` : '';
  } catch {
    return '';
  }
}

/** "Eastern Time — New York (UTC−05:00)"; a zone without a common name: "Dubai (UTC+04:00)". */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  let generic: string;
  try {
    generic = fmt(zone, { timeZoneName: 'longGeneric' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    generic = '';
  }
  const city = zoneCity(zone);
  const offset = zoneOffset(zone, at);
  const named = generic && !/^GMT/.test(generic) && generic !== city ? `${generic} — ${city}` : city;
  return offset ? `${named} (${offset})` : named;
}

export interface ZoneOption {
  value: string;
  label: string;
  /** Minutes east of UTC, for the order. */
  minutes: number;
}

const offsetMinutes = (label: string): number => {
  const m = /UTC([+\u2212])(\d{2}):(\d{2})/.exec(label);
  return m ? (m[1] === '+' ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};

/**
 * The zone picker's choices: the browser's zone first, then the chosen one, then every zone from
 * the farthest west, each with its friendly name and offset (decision 0068).
 */
export function zoneOptions(current: string, browser: string, at: Date = new Date()): ZoneOption[] {
  const option = (value: string): ZoneOption => {
    const label = zoneLabel(value, at);
    return { value, label, minutes: offsetMinutes(label) };
  };
  const rest = zoneChoices(current)
    .filter((z) => z !== browser && z !== current)
    .map(option)
    .sort((a, b) => a.minutes - b.minutes || a.label.localeCompare(b.label));
  const first = [browser, ...(current !== browser ? [current] : [])].filter(isKnownZone).map(option);
  return [...first, ...rest];
}

/** Whether a zone option matches what a person typed: every word in its label or its IANA name. */
export function zoneMatches(option: Pick<ZoneOption, 'value' | 'label'>, typed: string): boolean {
  const hay = `${option.label} ${option.value.replace(/_/g, ' ')}`.toLowerCase();
  return typed
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
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
