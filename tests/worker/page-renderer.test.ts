import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogCourse } from '../../shared/catalog-freshness.ts';
import { root } from '../support/paths.ts';
import { wrangler } from './harness.ts';

/**
 * The build's server-rendered pages in the Workers runtime: a probe worker importing
 * `drx-page-renderer` (aliased to build/astro/entry.mjs, as wrangler.toml does for the app) is
 * bundled by wrangler and renders a course page in workerd. Needs `npm run build`.
 */
const entry = resolve(root, 'build/astro/entry.mjs');
const built = existsSync(entry);

const course: CatalogCourse = {
  id: 41,
  title: 'Workerd ballet <basics>',
  short_name: null,
  description: 'Rendered in workerd.',
  detailed_description: 'From the same component as the build.',
  price: 19.5,
  price_cents: 1950,
  image_url: null,
  preview_video_url: null,
  category: { id: 1, name: 'Ballet' },
  difficulty_level: 'beginner',
  duration: null,
  required_level: 0,
  instructor: { id: 3, first_name: 'Ada', last_name: 'Lind', username: 'ada' },
  module_count: 1,
  lesson_count: 1,
  enrollment_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  published_at: null,
  modules: [{ id: 1, title: 'Barre', description: '', position: 1, lessons: [{ id: 1, title: 'Plié', type: 'text', position: 1 }] }],
};

describe.skipIf(!built)('the page renderer in workerd', () => {
  let scratch: string;
  let mf: Miniflare;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'drx-renderer-'));
    const config = join(scratch, 'wrangler.toml');
    writeFileSync(
      config,
      [
        'name = "page-renderer-probe"',
        `main = ${JSON.stringify(resolve(root, 'tests/worker/page-renderer-probe.ts'))}`,
        'compatibility_date = "2025-09-01"',
        'compatibility_flags = ["nodejs_compat"]',
        '[alias]',
        `"drx-page-renderer" = ${JSON.stringify(entry)}`,
      ].join('\n'),
    );
    await wrangler(['deploy', '--dry-run', '--outdir', join(scratch, 'out'), '--config', config]);
    mf = new Miniflare({
      modules: true,
      scriptPath: join(scratch, 'out', 'page-renderer-probe.js'),
      modulesRoot: join(scratch, 'out'),
      compatibilityDate: '2025-09-01',
      compatibilityFlags: ['nodejs_compat'],
    });
    await mf.ready;
  }, 120_000);

  afterAll(async () => {
    await mf?.dispose();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('renders a course page from the site components', async () => {
    const res = await mf.dispatchFetch('http://localhost/', { method: 'POST', body: JSON.stringify(course) });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('<h1>Workerd ballet &lt;basics&gt;</h1>');
    expect(html).toContain('<span>$19.50</span>');
    expect(html).toContain('href="/instructors/3">Ada Lind</a>');
    expect(html).toContain('Plié');
    expect(html).toMatch(/<script type="module" src="\/_astro\/[^"]+\.js"><\/script>/);
  });
});
