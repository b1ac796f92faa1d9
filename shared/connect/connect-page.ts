import type { DanceStyleView, ZipPlace } from '../bookings/views.ts';
import type { DirectoryPageQuery, DirectoryRecord } from './directory-search.ts';

/** What the API answers and the site reads of worker/src/services/connect/connect-page.ts (decision 0054). */

/** What the page is given. */
export interface ConnectPage {
  /** Every published profile's card (the island filters them in the browser). */
  records: DirectoryRecord[];
  styles: DanceStyleView[];
  query: DirectoryPageQuery;
  /** The searched place, when the query has a known ZIP code. */
  origin: ZipPlace | null;
  /** What the query asked that the page could not use. */
  problems: string[];
}
