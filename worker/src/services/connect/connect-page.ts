import { and, eq } from 'drizzle-orm';
import { instructorProfiles, users } from '../../../../db/schema/index.ts';
import { DIRECTORY_PAGE_SIZE, ZIP_NOT_FOUND } from '../../domain/bookings.ts';
import type { Db } from '../../platform/db.ts';
import type { ZipPlace } from '../../../../shared/bookings/views.ts';
import { directoryPage, directoryStyles } from './directory.ts';
import { DEFAULT_DIRECTORY_QUERY, filtersOf, type DirectoryPageQuery } from '../../../../shared/connect/directory-search.ts';
import { lookupZip } from './zipcode.ts';
import type { ConnectPage } from '../../../../shared/connect/connect-page.ts';

/**
 * /connect (and /connect-updated, /connect-old: one page, three addresses; decision 0032), fresh
 * without a rebuild the way /subscription and the store are (decisions 0020, 0029): the build
 * renders the page's first view and writes the hash of what it shows to
 * `dist/connect-manifest.json`; the site router serves the built page while the database hashes
 * the same, else renders the same components on the server. A query (the filters' form, a page
 * link) is always rendered on the server, from one page of the matches read by SQL (decision 0072).
 */

export const CONNECT_MANIFEST_PATH = '/connect-manifest.json';
export const CONNECT_PATHS = ['/connect', '/connect-updated', '/connect-old'] as const;
export type ConnectPath = (typeof CONNECT_PATHS)[number];

export interface ConnectManifest {
  version: 1;
  hash: string;
}

export function parseConnectManifest(value: unknown): ConnectManifest | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ConnectManifest>;
  return v.version === 1 && typeof v.hash === 'string' ? { version: 1, hash: v.hash } : null;
}

/** Whether any instructor is listed at all (the empty state says which way it is empty). */
async function anyListed(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: instructorProfiles.userId })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(and(eq(instructorProfiles.status, 'published'), eq(users.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/** The page's data for a query (the build's is the default one). */
export async function loadConnectPage(db: Db, query: DirectoryPageQuery = DEFAULT_DIRECTORY_QUERY, problems: string[] = [], page = 1): Promise<ConnectPage> {
  let origin: ZipPlace | null = null;
  const seen = [...problems];
  if (query.zip) {
    origin = await lookupZip(query.zip);
    if (!origin) seen.push(ZIP_NOT_FOUND);
  }
  const filters = filtersOf(query);
  const [first, styles, listed] = await Promise.all([directoryPage(db, filters, origin, page, DIRECTORY_PAGE_SIZE), directoryStyles(db), anyListed(db)]);
  // A page past the end (the list got shorter since the link was made) shows the last one.
  const last = Math.max(1, Math.ceil(first.total / DIRECTORY_PAGE_SIZE));
  const shown = first.records.length === 0 && page > last ? last : page;
  const found = shown === page ? first : await directoryPage(db, filters, origin, shown, DIRECTORY_PAGE_SIZE);
  return { records: found.records, total: found.total, capped: found.capped, pageSize: DIRECTORY_PAGE_SIZE, listed, styles, query, page: shown, origin, problems: seen };
}

/** A hash of what the page shows of the directory (every card field, the count and the style filter). */
export async function connectHash(page: Pick<ConnectPage, 'records' | 'styles' | 'total' | 'capped' | 'listed'>): Promise<string> {
  const content = [page.records, page.total, page.capped, page.listed, page.styles.map((s) => [s.id, s.name, s.slug])];
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(content)));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}
