import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { guardOf, routeTable } from '../../site/src/routes.ts';

/**
 * JavaScript a public page costs before anyone interacts with it, measured in a real browser
 * (the budget of decision 0023): headless Chromium opens the page, waits until it is idle (no request in flight
 * and the main thread idle, repeated until nothing new loads, so idle-hydrated islands and every
 * chunk they import count), and every JavaScript answer is gzipped here, at level 9, so the
 * figure does not depend on how the server compresses. Inline scripts of the HTML count too.
 */
export interface PageJs {
  /** The path opened, e.g. `/courses/3`. */
  page: string;
  /** Where the browser ended up, when the page sent it elsewhere (its scripts count too). */
  landedOn?: string;
  /** Gzipped bytes of every script answer plus the page's inline scripts. */
  gzipBytes: number;
  /** How many script answers loaded. */
  scripts: number;
  /** Gzipped bytes of the inline scripts alone (already in gzipBytes). */
  inlineBytes: number;
  /** Each script's path and gzipped size, largest first. */
  files: { url: string; gzipBytes: number }[];
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const QUIET_MS = 500;

/** Resolves once no request has been in flight for QUIET_MS and the main thread went idle. */
async function settle(page: Page, inFlight: () => number, lastActivity: () => number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            if ('requestIdleCallback' in window) requestIdleCallback(() => done(), { timeout: 3000 });
            else setTimeout(done, 50);
          }),
      );
    } catch {
      // The page navigated by itself (a guest sent to sign in): measure the page it went to as well.
      await page.waitForLoadState('load');
      continue;
    }
    const quietFor = Date.now() - lastActivity();
    if (inFlight() === 0 && quietFor >= QUIET_MS) return;
    if (Date.now() > deadline) return;
    await page.waitForTimeout(Math.max(50, QUIET_MS - quietFor));
  }
}

async function measureOne(browser: Browser, baseUrl: string, path: string): Promise<PageJs> {
  // A fresh context per page: nothing is cached from an earlier page.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const pending = new Set<unknown>();
  let lastActivity = Date.now();
  const bodies: Promise<{ url: string; gzipBytes: number } | null>[] = [];
  page.on('request', (req) => {
    pending.add(req);
    lastActivity = Date.now();
  });
  const finish = (req: unknown) => {
    pending.delete(req);
    lastActivity = Date.now();
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const contentType = res.headers()['content-type'] ?? '';
    if (type !== 'script' && !/javascript|ecmascript/.test(contentType)) return;
    bodies.push(
      res.body().then(
        (body) => ({ url: new URL(res.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  try {
    const answer = await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
    if (!answer?.ok()) throw new Error(`${path}: HTTP ${answer?.status()}`);
    await settle(page, () => pending.size, () => lastActivity);
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script:not([src])'))
        .map((s) => s.textContent ?? '')
        .filter((t) => t.trim() !== '' && !/^\s*\{/.test(t)),
    );
    const inlineBytes = inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
    // A file loaded twice (the page sent the browser on to another page) costs once.
    const byUrl = new Map<string, { url: string; gzipBytes: number }>();
    for (const f of await Promise.all(bodies)) if (f) byUrl.set(f.url, f);
    const files = [...byUrl.values()];
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const landed = new URL(page.url());
    return {
      page: path,
      ...(landed.pathname !== new URL(path, baseUrl).pathname ? { landedOn: landed.pathname + landed.search } : {}),
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, inlineBytes),
      scripts: files.length,
      inlineBytes,
      files,
    };
  } finally {
    await context.close();
  }
}

/**
 * Opens each path of `paths` on `baseUrl` (a running server) in headless Chromium and returns
 * the JavaScript each one loaded before interaction. Pages are measured one after another.
 */
export async function measurePagesInChromium(baseUrl: string, paths: readonly string[]): Promise<PageJs[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const results: PageJs[] = [];
    for (const path of paths) results.push(await measureOne(browser, baseUrl, path));
    return results;
  } finally {
    await browser.close();
  }
}

interface Listed {
  id: number;
  instructor_id?: number | null;
}

/**
 * Every public page of the route table (`guardOf(pattern) === 'public'`) as a path a browser can
 * open on a demo-seeded server: dynamic segments get real ids read from the API (a published
 * course, its instructor, the demo learner's certificate code). `/verify` is listed both bare
 * and with a code. Patterns whose ids cannot be found, and pages the site does not answer with
 * 200 yet, are left out.
 */
export async function publicPagePaths(baseUrl: string, demo = { username: 'student', password: 'drx-demo-2026' }): Promise<string[]> {
  const api = async <T>(path: string, init?: RequestInit): Promise<T | null> => {
    try {
      const res = await fetch(new URL(path, baseUrl), init);
      return res.ok ? ((await res.json()) as T) : null;
    } catch {
      return null;
    }
  };
  const listed = await api<Listed[] | { data?: Listed[]; courses?: Listed[] }>('/api/courses');
  const courses = Array.isArray(listed) ? listed : (listed?.data ?? listed?.courses ?? []);
  const course = courses[0];
  const instructorId = courses.find((c) => c.instructor_id != null)?.instructor_id ?? null;
  let code: string | null = null;
  const login = await api<{ access_token: string }>('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demo),
  });
  if (login) {
    const certs = await api<{ code: string }[] | { certificates?: { code: string }[] }>('/api/certificates', {
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    const list = Array.isArray(certs) ? certs : (certs?.certificates ?? []);
    code = list[0]?.code ?? null;
  }
  const values: Record<string, string | null> = {
    id: course ? String(course.id) : null,
    courseId: course ? String(course.id) : null,
    instructorId: instructorId !== null ? String(instructorId) : null,
    userId: instructorId !== null ? String(instructorId) : null,
    code,
  };
  const paths: string[] = [];
  for (const { pattern, redirect } of routeTable) {
    if (redirect || guardOf(pattern) !== 'public') continue;
    // Curriculum and seller pages have no content of their own to point at yet: the pattern's
    // `{id}`/`{sellerId}` have no source, so those are skipped unless a value exists.
    let missing = false;
    const path = pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = name === 'id' && pattern.startsWith('/curriculum') ? null : (values[name] ?? null);
      if (v === null) missing = true;
      return v ?? '_';
    });
    if (!missing) paths.push(path);
  }
  // Pages of later issues (store, Connect & Book) are in the table before they exist: keep the
  // paths the site answers.
  const answered = await Promise.all(paths.map(async (p) => ((await fetch(new URL(p, baseUrl)).catch(() => null))?.ok ? p : null)));
  return answered.filter((p): p is string => p !== null);
}
