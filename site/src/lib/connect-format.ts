/**
 * How Connect & Book's public pages say things (decision 0032): where an instructor teaches, how
 * far, minutes as a duration. Used by the Astro components and the directory's island. Pure.
 */

/** "Brooklyn, NY · also online", "Online", or "In person" when no place is known. */
export function placeText(r: { city: string | null; state: string | null; offers_online: boolean; offers_in_person: boolean }): string {
  const place = [r.city, r.state].filter(Boolean).join(', ');
  if (r.offers_in_person && place) return r.offers_online ? `${place} · also online` : place;
  if (r.offers_in_person) return r.offers_online ? 'In person and online' : 'In person';
  return 'Online';
}

/** "3.2 mi away", "Under 1 mi away". */
export function distanceText(miles: number): string {
  if (miles < 1) return 'Under 1 mi away';
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi away`;
}

/** "45 min", "1 h", "1 h 30 min". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** "1 instructor", "12 instructors". */
export function instructorCount(n: number): string {
  return `${n} ${n === 1 ? 'instructor' : 'instructors'}`;
}
