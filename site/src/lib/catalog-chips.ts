import { catalogHref, levelLabel, PRICE_LABELS, updateQuery, type CatalogQuery } from './catalog.ts';

/** A filter of the catalog query shown as a removable chip above the results. */
export interface FilterChip {
  /** The query field that removing the chip clears. */
  field: 'q' | 'category' | 'level' | 'price';
  /** What the chip shows: "Style: Ballet". */
  label: string;
  /** The view without this filter (from its first page). */
  href: string;
}

/** The active filters of a query, in the order of the filter form (the sort is not a filter). */
export function activeFilterChips(query: CatalogQuery): FilterChip[] {
  const chips: FilterChip[] = [];
  const chip = (field: FilterChip['field'], label: string) => chips.push({ field, label, href: catalogHref(updateQuery(query, { [field]: '' })) });
  const q = query.q.trim();
  if (q) chip('q', `Search: “${q}”`);
  if (query.category) chip('category', `Style: ${query.category}`);
  if (query.level) chip('level', `Level: ${levelLabel(query.level)}`);
  if (query.price) chip('price', `Price: ${PRICE_LABELS[query.price]}`);
  return chips;
}
