import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { courseCoverSvg, demoImageKey, SVG_CONTENT_TYPE } from './cover-art.ts';
import { hashText } from '../worker/src/domain/seeded-random.ts';
import type { Db } from '../worker/src/platform/db.ts';
import type { ObjectStore } from '../worker/src/platform/storage.ts';
import { resourceFiles, uploads } from './schema/index.ts';
import { DEMO_RESOURCES, DEMO_SELLER_PROFILES, type DemoFile, type DemoResource } from './seed-store-content.ts';
import { renderDocumentPdf } from './seed-store-pdf.ts';

/**
 * The demo store's files (decision 0029): each resource's downloads — real PDFs made
 * with pdf-lib, a CSV music list, a text cheat sheet — kept in the object store under
 * `private/resources/{key}`, and a generated cover per resource (decision 0019's art) under the
 * public `demo-art/` uploads.
 *
 * As with the course covers, the seed writes only rows (it also runs at build time, without an
 * object store): the files' sizes and page counts come from making them here, and
 * `ensureDemoStoreFiles` puts the bytes into the store at every Node start where they are
 * missing; on Workers, `npm run db:seed:remote` writes them to a folder and prints the R2 commands.
 * Keys come from names and the bytes are deterministic, so every database agrees with every store.
 */

export const PDF_CONTENT_TYPE = 'application/pdf';
export const CSV_CONTENT_TYPE = 'text/csv';
export const TEXT_CONTENT_TYPE = 'text/plain';

export interface DemoStoreFile {
  /** Title of the resource it belongs to. */
  resource: string;
  key: string;
  name: string;
  mimetype: string;
  bytes: Uint8Array;
  /** Pages of a PDF, null for other types. */
  pageCount: number | null;
  position: number;
}

export interface DemoStoreCover {
  resource: string;
  key: string;
  url: string;
  name: string;
  svg: string;
  /** Username of the seller (the upload's owner). */
  owner: string;
}

/** A UUID-shaped name from a text (four FNV-1a bases), like the demo art's keys. */
function uuidFrom(text: string): string {
  const hex = [0x811c9dc5, 0x1b873593, 0x85ebca6b, 0xc2b2ae35].map((basis) => hashText(text, basis).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** The private object key of a demo resource's file: never under the public uploads prefix. */
export const demoStoreFileKey = (resourceTitle: string, fileName: string) =>
  `private/resources/${uuidFrom(`resource-file:${resourceTitle}:${fileName}`)}.${extensionOf(fileName)}`;

/** The accessible name of a resource's cover (also the SVG's title). */
export const resourceCoverAlt = (title: string, style: string) => `${title} — ${style} resource cover`;

export const demoResourceCoverUrl = (title: string) => `/uploads/${demoImageKey('cover', `resource:${title}`)}`;

const fileNameOf = (file: DemoFile) => ('pdf' in file ? file.pdf.fileName : 'csv' in file ? file.csv.fileName : file.text.fileName);

/** The keys of every demo resource file (without making the files). */
export const demoStoreFileKeys = () => DEMO_RESOURCES.flatMap((r) => r.files.map((f) => demoStoreFileKey(r.title, fileNameOf(f))));

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Every demo resource's cover, in the order of DEMO_RESOURCES. */
export function demoResourceCovers(): DemoStoreCover[] {
  return DEMO_RESOURCES.map((r) => {
    const key = demoImageKey('cover', `resource:${r.title}`);
    return {
      resource: r.title,
      key,
      url: `/uploads/${key}`,
      name: `${slug(r.coverLabel)}-cover.svg`,
      svg: courseCoverSvg({ title: r.title, label: r.coverLabel, style: r.style, alt: resourceCoverAlt(r.title, r.style) }),
      owner: r.seller,
    };
  });
}

const csvCell = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const encoder = new TextEncoder();

async function makeFile(resource: DemoResource, file: DemoFile): Promise<Omit<DemoStoreFile, 'resource' | 'key' | 'position'>> {
  if ('pdf' in file) {
    const store = DEMO_SELLER_PROFILES.find((p) => p.username === resource.seller)!.storeName;
    const { bytes, pageCount } = await renderDocumentPdf(file.pdf, {
      resourceTitle: resource.title,
      storeName: store,
      tagline: `${resource.style} · ${resource.ageGroup} · ${resource.level}`,
    });
    return { name: file.pdf.fileName, mimetype: PDF_CONTENT_TYPE, bytes, pageCount };
  }
  if ('csv' in file) {
    const text = file.csv.rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
    return { name: file.csv.fileName, mimetype: CSV_CONTENT_TYPE, bytes: encoder.encode(text), pageCount: null };
  }
  return { name: file.text.fileName, mimetype: TEXT_CONTENT_TYPE, bytes: encoder.encode(file.text.body), pageCount: null };
}

let made: Promise<DemoStoreFile[]> | null = null;

/**
 * Every demo resource's files with their bytes, made once per process (the seed needs their sizes
 * and page counts, the start their bytes).
 */
export function demoStoreFiles(): Promise<DemoStoreFile[]> {
  made ??= (async () => {
    const out: DemoStoreFile[] = [];
    for (const resource of DEMO_RESOURCES) {
      for (const [position, file] of resource.files.entries()) {
        const body = await makeFile(resource, file);
        out.push({ resource: resource.title, key: demoStoreFileKey(resource.title, body.name), position, ...body });
      }
    }
    return out;
  })();
  made.catch(() => (made = null));
  return made;
}

/**
 * Puts the demo store's files into the object store where this database has rows for them and
 * the object is missing: resource files by their resource_files rows, covers by their public
 * uploads rows. Runs at every Node start; returns how many objects it put.
 */
export async function ensureDemoStoreFiles(db: Db, storage: ObjectStore): Promise<number> {
  const covers = demoResourceCovers();
  const fileKeys = demoStoreFileKeys();
  const [coverRows, fileRows] = await Promise.all([
    db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, covers.map((c) => c.key))),
    db.select({ key: resourceFiles.storageKey }).from(resourceFiles).where(inArray(resourceFiles.storageKey, fileKeys)),
  ]);
  const wanted = new Set([...coverRows, ...fileRows].map((r) => r.key));
  const missing = async (key: string) => wanted.has(key) && !(await storage.head(key));
  let put = 0;
  for (const cover of covers) {
    if (!(await missing(cover.key))) continue;
    await storage.put(cover.key, encoder.encode(cover.svg), SVG_CONTENT_TYPE);
    put++;
  }
  const missingKeys: string[] = [];
  for (const key of fileKeys) if (await missing(key)) missingKeys.push(key);
  // Making the PDFs costs time: only when one of this database's demo files is missing.
  if (missingKeys.length === 0) return put;
  const byKey = new Map((await demoStoreFiles()).map((f) => [f.key, f]));
  for (const key of missingKeys) {
    const file = byKey.get(key)!;
    await storage.put(key, file.bytes, file.mimetype);
    put++;
  }
  return put;
}

/**
 * Workers: writes the demo store's files and covers into `dir` under their keys and returns the
 * commands that put them into the R2 bucket (printed by `npm run db:seed:remote`).
 */
export async function writeDemoStoreFilesForR2(dir: string, bucket = 'drx-uploads'): Promise<string[]> {
  const commands: string[] = [];
  const write = async (key: string, bytes: Uint8Array | string, type: string) => {
    const file = join(dir, key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
    commands.push(`npx wrangler r2 object put ${bucket}/${key} --file ${file} --content-type ${type} --remote`);
  };
  for (const cover of demoResourceCovers()) await write(cover.key, cover.svg, SVG_CONTENT_TYPE);
  for (const file of await demoStoreFiles()) await write(file.key, file.bytes, file.mimetype);
  return commands;
}
