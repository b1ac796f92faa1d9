import type { Db } from '../../platform/db.ts';
import { allResourcesFrom, countAllResources, type AdminResourceQuery } from '../store/resource-reads.ts';
import type { ResourceSummary } from '../store/views.ts';
import type { CsvExport } from './stream.ts';
import { centsAsDollars, csvHeaders, type CsvColumn } from './writer.ts';

/** The admin's resources list (GET /api/curriculum-all) as CSV: the same filters, every page, the list's order. */

const RESOURCE_COLUMNS: CsvColumn<ResourceSummary>[] = [
  { header: 'ID', value: (r) => r.id, kind: 'number' },
  { header: 'Title', value: (r) => r.title },
  { header: 'Status', value: (r) => r.status },
  { header: 'Featured', value: (r) => r.featured },
  { header: 'Seller ID', value: (r) => r.seller.id, kind: 'number' },
  { header: 'Store name', value: (r) => r.seller.store_name },
  { header: 'Category', value: (r) => r.category?.name },
  { header: 'Dance style', value: (r) => r.dance_style },
  { header: 'Age group', value: (r) => r.age_group },
  { header: 'Level', value: (r) => r.level },
  { header: 'Price (USD)', value: (r) => centsAsDollars(r.price_cents), kind: 'number' },
  { header: 'Sales', value: (r) => r.sales_count, kind: 'number' },
  { header: 'Downloads', value: (r) => r.download_count, kind: 'number' },
  { header: 'Rating average', value: (r) => r.rating_average, kind: 'number' },
  { header: 'Ratings', value: (r) => r.rating_count, kind: 'number' },
  { header: 'Files', value: (r) => r.file_count, kind: 'number' },
  { header: 'Created at (UTC)', value: (r) => r.created_at, kind: 'date' },
  { header: 'Published at (UTC)', value: (r) => r.published_at, kind: 'date' },
  { header: 'Updated at (UTC)', value: (r) => r.updated_at, kind: 'date' },
];

export const RESOURCES_CSV_HEADER = csvHeaders(RESOURCE_COLUMNS);

export function resourcesExport(db: Db, filters: Omit<AdminResourceQuery, 'page' | 'page_size'>): CsvExport<ResourceSummary, number> {
  return {
    columns: RESOURCE_COLUMNS,
    total: () => countAllResources(db, filters),
    page: (offset, limit) => allResourcesFrom(db, filters, offset ?? 0, limit),
    cursorOf: (_, read) => read,
  };
}
