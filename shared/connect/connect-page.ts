import type { DanceStyleView, ZipPlace } from '../bookings/views.ts';
import type { DirectoryPageQuery, DirectoryRecord } from './directory-search.ts';

/** What the API answers and the site reads of worker/src/services/connect/connect-page.ts (decision 0054). */

/** What the page is given. */
export interface ConnectPage {
  /** The cards of the asked page, in the query's order (decision 0072: one page, read by SQL). */
  records: DirectoryRecord[];
  /** How many match, counted up to DIRECTORY_COUNT_MAX; `capped` when more do. */
  total: number;
  capped: boolean;
  pageSize: number;
  /** Whether anyone is listed at all (the empty state says why it is empty). */
  listed: boolean;
  styles: DanceStyleView[];
  query: DirectoryPageQuery;
  /** The page of the matches shown (1 for the first). */
  page: number;
  /** The searched place, when the query has a known ZIP code. */
  origin: ZipPlace | null;
  /** What the query asked that the page could not use. */
  problems: string[];
}
