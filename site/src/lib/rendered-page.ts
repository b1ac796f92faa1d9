import { PAGE_DATA_LOCAL, type RenderedPageName, type RenderedPages } from '../../../worker/src/platform/page-renderer.ts';

/** The data the server handed to a server-rendered page (site/src/pages/rendered/). */
export function pageData<K extends RenderedPageName>(locals: object, _name: K): RenderedPages[K] {
  const data = (locals as Record<string, unknown>)[PAGE_DATA_LOCAL];
  if (!data || typeof data !== 'object') throw new Error('A server-rendered page was called without its data');
  return data as RenderedPages[K];
}
