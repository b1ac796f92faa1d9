// The smallest shared part of the islands, with no markup helpers: the shell loads it on every page.

/** Runs when the browser is idle, as Astro's client:idle does: no island starts before that. */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run());
  else setTimeout(run, 200);
}

/** Whether the page was served to a session (BaseLayout marks `<html data-session>`, decision 0023). */
export function hasSession(): boolean {
  return document.documentElement.hasAttribute('data-session');
}

/**
 * A signed-in user's code, loaded only for one: `run` starts now (when idle, with `idle`) on a page
 * served to a session, else once someone signs in on this page (the `drx:session` event). Answers
 * whether the page was a session's; a visitor's page wires only what a visitor can use.
 */
export function onSession(run: () => void, options: { idle?: boolean } = {}): boolean {
  if (hasSession()) {
    if (options.idle) whenIdle(run);
    else run();
    return true;
  }
  window.addEventListener('drx:session', () => run(), { once: true });
  return false;
}
