import type { Db } from '../../platform/db.ts';
import type { Position } from '../keyset.ts';
import { allResourcesAfter, countAllResources, type AdminResourceFilters, type ListedResource } from '../store/resource-reads.ts';
import type { ResourceSummary } from '../../../../shared/store/views.ts';
import type { CsvExport } from './stream.ts';
import { centsAsDollars, csvHeaders, type CsvColumn } from './writer.ts';

/**
 * The admin's resources list (GET /api/curriculum-all) as CSV: the same filters, every page, the
 * list's order, each page after the last row of the one before through the sort's index.
 */

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

export function resourcesExport(db: Db, filters: AdminResourceFilters): CsvExport<ListedResource, Position> {
  return {
    columns: RESOURCE_COLUMNS.map((c) => ({ ...c, value: (row: ListedResource) => c.value(row.resource) })),
    total: () => countAllResources(db, filters),
    page: (position, limit) => allResourcesAfter(db, filters, position, limit),
    cursorOf: (row) => row.position,
  };
}
