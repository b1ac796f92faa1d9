/**
 * The ?days= of a page with a chart window (the seller's analytics, the admin dashboard): one of
 * a few windows, 30 days when the address names none or another.
 */

/** The window a search string asks for: one of `choices`, else 30. */
export function daysParamOf<D extends number>(search: string, choices: readonly D[]): D | 30 {
  const days = Number(new URLSearchParams(search).get('days'));
  return (choices as readonly number[]).includes(days) ? (days as D) : 30;
}

/** Shows the chosen window in the address without a reload (30, the default, leaves ?days out). */
export function showDaysParam(days: number): void {
  const url = new URL(location.href);
  if (days === 30) url.searchParams.delete('days');
  else url.searchParams.set('days', String(days));
  history.replaceState(history.state, '', url.pathname + url.search);
}
