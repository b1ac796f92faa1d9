import type * as Layer from './query.ts';

/**
 * The query layer (decision 0018) for stores that public pages use: it is loaded on the first
 * read, not with the page, so a public page's JavaScript before interaction does not grow; on
 * signed-in pages the same chunk is shared with the stores that import it directly.
 */

export type QueryLayer = typeof Layer;

let loading: Promise<QueryLayer> | undefined;
let loaded: QueryLayer | undefined;

export function queryLayer(): Promise<QueryLayer> {
  return (loading ??= import('./query.ts').then((layer) => (loaded = layer)));
}

/** The layer if something on the page loaded it already (a write has no cache to update otherwise). */
export function loadedQueryLayer(): QueryLayer | undefined {
  return loaded;
}

/** After a write: marks the selected keys stale, if the page holds any. */
export function invalidateLoaded(select: (layer: QueryLayer) => Parameters<QueryLayer['invalidate']>[0]): void {
  if (loaded) loaded.invalidate(select(loaded));
}
