import { ZIP_NOT_FOUND } from '../../domain/bookings.ts';
import type { Db } from '../../platform/db.ts';
import type { ZipPlace } from '../../../../shared/bookings/views.ts';
import { directoryStyles, loadDirectoryRecords } from './directory.ts';
import { DEFAULT_DIRECTORY_QUERY, type DirectoryPageQuery } from '../../../../shared/connect/directory-search.ts';
import { lookupZip } from './zipcode.ts';
import type { ConnectPage } from '../../../../shared/connect/connect-page.ts';

/**
 * /connect (and /connect-updated, /connect-old: one page, three addresses; decision 0032), fresh
 * without a rebuild the way /subscription and the store are (decisions 0020, 0029): the build
 * renders the page from the published profiles and writes the hash of what it shows to
 * `dist/connect-manifest.json`; the site router serves the built page while the database hashes
 * the same, else renders the same components on the server. A query (the filters' form sent
 * without JavaScript) is always rendered on the server.
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

/** The page's data for a query (the build's is the default one). */
export async function loadConnectPage(db: Db, query: DirectoryPageQuery = DEFAULT_DIRECTORY_QUERY, problems: string[] = []): Promise<ConnectPage> {
  const [records, styles] = await Promise.all([loadDirectoryRecords(db), directoryStyles(db)]);
  // The same order on every database: the page sorts them for its query.
  records.sort((a, b) => a.id - b.id);
  let origin: ZipPlace | null = null;
  const seen = [...problems];
  if (query.zip) {
    origin = await lookupZip(query.zip);
    if (!origin) seen.push(ZIP_NOT_FOUND);
  }
  return { records, styles, query, origin, problems: seen };
}

/** A hash of what the page shows of the directory (every card field and the style filter). */
export async function connectHash(page: Pick<ConnectPage, 'records' | 'styles'>): Promise<string> {
  const content = [page.records, page.styles.map((s) => [s.id, s.name, s.slug])];
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(content)));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}
