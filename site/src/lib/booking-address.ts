/**
 * The booking page's address (decision 0068): the lesson type and the start a person chose, so a
 * profile's open time arrives chosen on /instructors/{id}/book and a reload keeps it. Pure: the
 * profile page's small script links with it too.
 */

/** A lesson type and a start asked for by the address: `?type={lessonTypeId}&at={ISO instant}`. */
export interface Wanted {
  lessonTypeId: number | null;
  at: string | null;
}

/** The lesson type and start of the booking page's address (each left out when malformed). */
export function wantedFromSearch(search: string): Wanted | null {
  const params = new URLSearchParams(search);
  const type = params.get('type') ?? '';
  const at = params.get('at') ?? '';
  const lessonTypeId = /^[1-9]\d{0,15}$/.test(type) ? Number(type) : null;
  const instant = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(at) && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : null;
  return lessonTypeId === null && instant === null ? null : { lessonTypeId, at: instant };
}

/** The address's query of the flow's choices: '?type=3&at=2026-12-01T14:00:00.000Z', or ''. */
export function flowSearch(flow: { lessonTypeId: number | null; slot: { starts_at: string } | null }): string {
  if (flow.lessonTypeId === null) return '';
  const params = new URLSearchParams({ type: String(flow.lessonTypeId) });
  if (flow.slot) params.set('at', new Date(flow.slot.starts_at).toISOString());
  return `?${params.toString()}`;
}
