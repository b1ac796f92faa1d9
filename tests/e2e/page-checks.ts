import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// What every page visit of the browser tests can check in the same load: the violations of the
// Content-Security-Policy Chromium reports (decision 0015), errors the page logs or throws, and
// whether the page fits the width of the screen.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects the policy violations Chromium reports, both as events in the page and as console messages. */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content[ -]Security[ -]Policy/i.test(text)) logged.push(`console: ${text}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  return async () => [...logged, ...((await page.evaluate(() => window.__cspViolations ?? []).catch(() => [])) as string[])];
}

/**
 * Errors the page logs to the console or throws, from now on. Chromium's own line for an answer
 * with an error status ("Failed to load resource: ... 404") is not one: the API answers 404 when
 * there is nothing yet (an admin has no seller profile) and the page shows that state; what the
 * page does with an answer it did not expect, it logs itself or throws.
 */
export function watchErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource: the server responded with a status of')) {
      errors.push(`console: ${msg.text()} (${msg.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return () => [...errors];
}

/** The widths that matter, and the elements that reach past the right edge (to say what to fix). */
export async function measureWidth(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const body = document.body;
    const limit = doc.clientWidth;
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls} (right ${Math.round(el.getBoundingClientRect().right)})`;
    };
    const culprits: string[] = [];
    if (doc.scrollWidth > limit || body.scrollWidth > body.clientWidth) {
      for (const el of Array.from(body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > limit + 0.5 && !Array.from(el.children).some((c) => c.getBoundingClientRect().right > limit + 0.5)) {
          culprits.push(describe(el));
          if (culprits.length >= 8) break;
        }
      }
    }
    return { doc: [doc.scrollWidth, doc.clientWidth], body: [body.scrollWidth, body.clientWidth], culprits };
  });
}

/** Neither the document nor the body is wider than the screen: the page scrolls only up and down. */
export async function expectFitsWidth(page: Page, path: string): Promise<void> {
  const { doc, body, culprits } = await measureWidth(page);
  const where = `${path} at ${page.viewportSize()?.width ?? '?'} px; widest elements: ${culprits.join(', ') || 'none'}`;
  expect(doc[0], `document scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(doc[1]!);
  expect(body[0], `body scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(body[1]!);
}

/**
 * Waits until no request of the page has been in flight for `quietMs` (late islands, their data,
 * images): Playwright's networkidle with a shorter quiet spell. Gives up after `timeoutMs`, for a
 * page that polls.
 */
export function settled(page: Page, { quietMs = 150, timeoutMs = 5_000 } = {}): () => Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < quietMs)) await page.waitForTimeout(50);
  };
}
