/**
 * How a booking's instant reads in a zone (decision 0032: the booker's zone only changes how
 * instants are shown). Pure and library-free (Intl only), so the site can import it.
 */

export interface ZonedParts {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM', 24-hour */
  time: string;
  /** The zone's short name at that instant: 'EST', 'GMT+1', 'BST'. */
  zoneName: string;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** The wall date and time of an instant in a zone. */
export function zonedParts(instant: string | Date, timeZone: string): ZonedParts {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(date).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, zoneName: parts.timeZoneName ?? timeZone };
}

/** "Tue, Mar 3, 10:00 AM EST": an instant as a person in `timeZone` reads it. */
export function formatInZone(instant: string | Date, timeZone: string, options: { zoneName?: boolean } = {}): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(options.zoneName === false ? {} : { timeZoneName: 'short' }),
  }).format(date);
}

/** "Los Angeles" for America/Los_Angeles. */
const cityOf = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');

/**
 * An instant as its reader reads it, with the other side's wall time beside when it differs
 * (decision 0068): "Tue, Mar 3, 3:00 PM EST (12:00 PM in Los Angeles)"; the other's day is named
 * when it is not the reader's ("(Wed, Mar 4, 5:00 AM in Tokyo)").
 */
export function formatWithOther(instant: string | Date, readerZone: string, otherZone: string): string {
  const mine = formatInZone(instant, readerZone);
  const a = zonedParts(instant, readerZone);
  const b = zonedParts(instant, otherZone);
  if (readerZone === otherZone || (a.date === b.date && a.time === b.time)) return mine;
  const time = new Intl.DateTimeFormat('en-US', { timeZone: otherZone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
  const day = a.date === b.date ? '' : `${new Intl.DateTimeFormat('en-US', { timeZone: otherZone, weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(instant))}, `;
  return `${mine} (${day}${time} in ${cityOf(otherZone)})`;
}
