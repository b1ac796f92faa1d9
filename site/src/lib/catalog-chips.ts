import { levelLabel, PRICE_LABELS, type CatalogQuery } from './catalog.ts';

/** A filter of the catalog query shown as a removable chip above the results. */
export interface FilterChip {
  /** The query field that removing the chip clears. */
  field: 'q' | 'category' | 'level' | 'price';
  /** What the chip shows: "Style: Ballet". */
  label: string;
}

/** The active filters of a query, in the order of the filter form (the sort is not a filter). */
export function activeFilterChips(query: CatalogQuery): FilterChip[] {
  const chips: FilterChip[] = [];
  const q = query.q.trim();
  if (q) chips.push({ field: 'q', label: `Search: “${q}”` });
  if (query.category) chips.push({ field: 'category', label: `Style: ${query.category}` });
  if (query.level) chips.push({ field: 'level', label: `Level: ${levelLabel(query.level)}` });
  if (query.price) chips.push({ field: 'price', label: `Price: ${PRICE_LABELS[query.price]}` });
  return chips;
}
