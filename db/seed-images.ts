import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { courseCoverSvg, demoImageKey, portraitSvg, SVG_CONTENT_TYPE } from './cover-art.ts';
import type { Db } from '../worker/src/platform/db.ts';
import type { ObjectStore } from '../worker/src/platform/storage.ts';
import { NO_SIGN_IN_PASSWORD_HASH } from '../worker/src/domain/content-accounts.ts';
import { DEMO_ACCOUNTS, demoEmail, demoFullName } from './seed-accounts.ts';
import { DEMO_COURSES, demoCoverUrl } from './seed-courses.ts';
import { uploads } from './schema/index.ts';

/**
 * The demo's generated images (decision 0019): a cover per demo course and a portrait per demo
 * account, made from db/cover-art.ts. The seed writes their `uploads` rows
 * (public, owned by the course's instructor or the person) with the course and account rows;
 * the files themselves are put into the object store by `ensureDemoImages` at every Node start
 * (the build seeds the database without a store), and on Workers by the R2 commands that
 * `npm run db:seed:remote` prints.
 */

export interface DemoImage {
  key: string;
  /** Shown as the upload's name. */
  name: string;
  svg: string;
  /** Username of the upload's owner. */
  owner: string;
}

export const demoPortraitUrl = (username: string) => `/uploads/${demoImageKey('portrait', username)}`;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Every demo image, in a stable order. */
export function demoImages(): DemoImage[] {
  const covers = DEMO_COURSES.map((c) => ({
    key: demoImageKey('cover', c.title),
    name: `${slug(c.shortName)}-cover.svg`,
    svg: courseCoverSvg({ title: c.title, label: c.shortName, style: c.category }),
    owner: c.instructor,
  }));
  const portraits = DEMO_ACCOUNTS.map((a) => ({
    key: demoImageKey('portrait', a.username),
    name: `${slug(a.username)}-portrait.svg`,
    svg: portraitSvg({ name: demoFullName(a), seed: a.username }),
    owner: a.username,
  }));
  return [...covers, ...portraits];
}

const bytesOf = (svg: string) => new TextEncoder().encode(svg);

/**
 * The uploads rows (public) of the demo images a course or an account shows, each once; an owner
 * that does not exist leaves it without one.
 */
export async function seedDemoImageUploads(db: Db): Promise<void> {
  const statements = demoImages().map((image) => {
    const url = `/uploads/${image.key}`;
    return db.run(sql`INSERT INTO uploads (key, original_name, mimetype, size, user_id, access)
      SELECT ${image.key}, ${image.name}, ${SVG_CONTENT_TYPE}, ${bytesOf(image.svg).byteLength},
        (SELECT id FROM users WHERE lower(username) = lower(${image.owner})), 'public'
      WHERE NOT EXISTS (SELECT 1 FROM uploads WHERE key = ${image.key})
        AND (EXISTS (SELECT 1 FROM courses WHERE image_url = ${url}) OR EXISTS (SELECT 1 FROM users WHERE profile_image_url = ${url}))`);
  });
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** A demo account of this database: its demo email (a local demo) or the no-sign-in marker (a deployment). */
const isDemoAccount = (username: string) =>
  sql`lower(username) = lower(${username}) AND (lower(email) = ${demoEmail(username)} OR password_hash = ${NO_SIGN_IN_PASSWORD_HASH})`;

/**
 * A database seeded before the demo had images: the demo courses still taught by their demo
 * instructor and without an image get their cover; the demo accounts without a portrait get
 * theirs, and their bio where it is empty. Nothing anyone changed is touched; idempotent.
 */
export async function backfillDemoImages(db: Db): Promise<void> {
  const statements = [
    ...DEMO_COURSES.map((c) =>
      db.run(sql`UPDATE courses SET image_url = ${demoCoverUrl(c.title)}
        WHERE title = ${c.title} AND image_url IS NULL AND instructor_id = (SELECT id FROM users WHERE ${isDemoAccount(c.instructor)})`),
    ),
    ...DEMO_ACCOUNTS.flatMap((a) => [
      db.run(sql`UPDATE users SET profile_image_url = ${demoPortraitUrl(a.username)} WHERE ${isDemoAccount(a.username)} AND profile_image_url IS NULL`),
      db.run(sql`UPDATE users SET bio = ${a.bio} WHERE ${isDemoAccount(a.username)} AND bio = ''`),
    ]),
  ];
  const [first, ...rest] = statements;
  await db.batch([first!, ...rest]);
  await seedDemoImageUploads(db);
}

/**
 * Puts the files of the demo images this database has uploads rows for into the store, where
 * they are missing. Runs at every Node start: one query and one lookup per image.
 */
export async function ensureDemoImages(db: Db, storage: ObjectStore): Promise<number> {
  const images = demoImages();
  const rows = await db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, images.map((i) => i.key)));
  const present = new Set(rows.map((r) => r.key));
  let put = 0;
  for (const image of images) {
    if (!present.has(image.key)) continue;
    const stored = await storage.get(image.key);
    if (stored) {
      await stored.body.cancel();
      continue;
    }
    await storage.put(image.key, bytesOf(image.svg), SVG_CONTENT_TYPE);
    put++;
  }
  return put;
}

/**
 * Workers: writes the demo images into `dir` under their keys and returns the commands that put
 * them into the R2 bucket (printed by `npm run db:seed:remote`).
 */
export async function writeDemoImagesForR2(dir: string, bucket = 'drx-uploads'): Promise<string[]> {
  const commands: string[] = [];
  for (const image of demoImages()) {
    const file = join(dir, image.key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, image.svg);
    commands.push(`npx wrangler r2 object put ${bucket}/${image.key} --file ${file} --content-type ${SVG_CONTENT_TYPE} --remote`);
  }
  return commands;
}
