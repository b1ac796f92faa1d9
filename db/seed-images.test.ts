import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { courseImageAlt, portraitAlt } from './cover-art.ts';
import { uploadKeyOf } from '../worker/src/domain/media-links.ts';
import { DEMO_ACCOUNTS, demoFullName } from './seed-accounts.ts';
import { DEMO_COURSES, demoCoverUrl } from './seed-courses.ts';
import { demoImages, demoPortraitUrl, ensureDemoImages, writeDemoImagesForR2 } from './seed-images.ts';
import { seedDemoData } from './seed.ts';
import { categories, courses, uploads, users } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DRX_SEED: 'demo' });
  await seedDemoData(t.db);
});
afterAll(() => t.close());

async function stored(key: string): Promise<{ type: string; text: string } | null> {
  const object = await t.platform.storage.get(key);
  if (!object) return null;
  return { type: object.contentType, text: await new Response(object.body).text() };
}

describe('the demo images', () => {
  it('give every seeded course a cover in storage, a public upload, with alt text from its title and style', async () => {
    expect(await ensureDemoImages(t.db, t.platform.storage)).toBe(demoImages().length);
    const rows = await t.db
      .select({ title: courses.title, imageUrl: courses.imageUrl, style: categories.name, instructorId: courses.instructorId })
      .from(courses)
      .leftJoin(categories, eq(categories.id, courses.categoryId));
    expect(rows).toHaveLength(DEMO_COURSES.length);
    const urls = new Set<string>();
    for (const row of rows) {
      const key = uploadKeyOf(row.imageUrl);
      expect(key, row.title).not.toBeNull();
      urls.add(row.imageUrl!);
      const file = await stored(key!);
      expect(file?.type).toBe('image/svg+xml');
      expect(file?.text).toContain(`<title>${courseImageAlt(row.title, row.style).replace(/'/g, '&apos;')}</title>`);
      expect(file?.text).toContain(`>${row.style!.toUpperCase()}</text>`);
      const [upload] = await t.db.select().from(uploads).where(eq(uploads.key, key!));
      expect(upload).toMatchObject({ access: 'public', mimetype: 'image/svg+xml', userId: row.instructorId, size: new TextEncoder().encode(file!.text).byteLength });
      expect(courseImageAlt(row.title, row.style)).toBe(`${row.title} — ${row.style} course cover`);
    }
    expect(urls.size).toBe(rows.length);
  });

  it('give every demo account a portrait in storage and a bio', async () => {
    const rows = await t.db.select().from(users).where(isNotNull(users.profileImageUrl));
    expect(rows.map((r) => r.username).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
    for (const row of rows) {
      const account = DEMO_ACCOUNTS.find((a) => a.username === row.username)!;
      const key = uploadKeyOf(row.profileImageUrl)!;
      const file = await stored(key);
      expect(file?.type).toBe('image/svg+xml');
      expect(file?.text).toContain(`<title>${portraitAlt(demoFullName(account))}</title>`);
      expect(row.bio.length, row.username).toBeGreaterThan(40);
      const [upload] = await t.db.select().from(uploads).where(eq(uploads.key, key));
      expect(upload).toMatchObject({ access: 'public', userId: row.id });
    }
  });

  it('are served from /uploads as SVG that cannot run script', async () => {
    const [course] = await t.db.select({ imageUrl: courses.imageUrl }).from(courses).limit(1);
    const res = await t.request(course!.imageUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('are put once: a second start finds them in the store', async () => {
    expect(await ensureDemoImages(t.db, t.platform.storage)).toBe(0);
  });

  it('are written to a folder with the R2 commands of a Workers deployment', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'drx-demo-images-'));
    try {
      const commands = await writeDemoImagesForR2(dir);
      expect(commands).toHaveLength(demoImages().length);
      const first = demoImages()[0]!;
      expect(commands[0]).toBe(`npx wrangler r2 object put drx-uploads/${first.key} --file ${join(dir, first.key)} --content-type image/svg+xml --remote`);
      expect(await readFile(join(dir, first.key), 'utf8')).toBe(first.svg);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a demo seeded before the images', () => {
  it('gets its covers, portraits and bios at the next start, and nothing else changes', async () => {
    const old = await createTestApp({ DRX_SEED: 'demo' });
    try {
      await seedDemoData(old.db);
      // As the seed was before: no images, no bios, no uploads rows; one cover changed by its instructor.
      await old.db.batch([
        old.db.run(sql`UPDATE courses SET image_url = NULL`),
        old.db.run(sql`UPDATE courses SET image_url = '/uploads/mine.png' WHERE title = ${DEMO_COURSES[1]!.title}`),
        old.db.run(sql`UPDATE users SET profile_image_url = NULL, bio = ''`),
        old.db.run(sql`UPDATE users SET bio = 'My own words' WHERE username = 'seller'`),
        old.db.run(sql`DELETE FROM uploads`),
      ]);
      const stranger = await createUser(old.db);

      expect(await seedDemoData(old.db)).toBe(false);
      const rows = await old.db.select({ title: courses.title, imageUrl: courses.imageUrl }).from(courses);
      for (const row of rows) expect(row.imageUrl, row.title).toBe(row.title === DEMO_COURSES[1]!.title ? '/uploads/mine.png' : demoCoverUrl(row.title));
      const people = await old.db.select().from(users);
      for (const account of DEMO_ACCOUNTS) {
        const row = people.find((p) => p.username === account.username)!;
        expect(row.profileImageUrl).toBe(demoPortraitUrl(account.username));
        expect(row.bio).toBe(account.username === 'seller' ? 'My own words' : account.bio);
      }
      const other = people.find((p) => p.id === stranger.id)!;
      expect([other.profileImageUrl, other.bio]).toEqual([null, '']);
      // Uploads rows only for the images in use: the changed course's cover is not one.
      const keys = (await old.db.select({ key: uploads.key }).from(uploads)).map((u) => u.key);
      expect(keys).toHaveLength(demoImages().length - 1);
      expect(await ensureDemoImages(old.db, old.platform.storage)).toBe(demoImages().length - 1);
    } finally {
      old.close();
    }
  });

  it('leaves an account that only shares a demo name alone', async () => {
    const other = await createTestApp({ DRX_SEED: 'demo' });
    try {
      await createUser(other.db, { username: 'student' });
      expect(await seedDemoData(other.db)).toBe(false);
      const [row] = await other.db.select().from(users).where(eq(users.username, 'student'));
      expect([row!.profileImageUrl, row!.bio]).toEqual([null, '']);
      expect(await other.db.select().from(uploads)).toEqual([]);
    } finally {
      other.close();
    }
  });
});
