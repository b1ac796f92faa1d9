import type { SellerStorePage, StoreListPage, StoreResourcePage } from '../../../shared/store-page-types.ts';
import type { CommunityPreview } from '../../../shared/community.ts';
import type { ResourceSummary, ReviewView, SellerCard } from '../../../shared/store/views.ts';

/**
 * Content hashes of the store's public pages (decision 0029, as decisions 0007 and 0020 do for the
 * course catalog): the build writes them to `dist/store-manifest.json` for the pages it
 * pre-rendered, and the site router serves a built page only while the page the database would
 * give has the same hash; otherwise it renders the page on the server. A hash covers what the page
 * shows — never counters it does not show (sales, downloads), statuses or edit times — so a
 * download or a sale, which move the store's content version, does not make a page "changed",
 * and the same data gives the same hash on another database.
 */

export const STORE_MANIFEST_PATH = '/store-manifest.json';

/** Written by the build at `/store-manifest.json`. */
export interface StoreManifest {
  version: 1;
  /** The front view of /curriculum. */
  list: string;
  /** Per pre-rendered resource id: its page's hash. */
  resources: Record<string, string>;
}

export function parseStoreManifest(value: unknown): StoreManifest | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<StoreManifest>;
  if (v.version !== 1 || typeof v.list !== 'string' || !v.resources || typeof v.resources !== 'object') return null;
  return { version: 1, list: v.list, resources: v.resources };
}

/** What a card shows (and the featured row, the storefront's grid). */
function card(r: ResourceSummary): unknown[] {
  return [r.id, r.title, r.dance_style, r.age_group, r.level, r.category?.name ?? null, r.price_cents, r.cover_image_url, r.rating_average, r.rating_count, r.seller.id, r.seller.store_name];
}

function seller(s: SellerCard): unknown[] {
  return [s.id, s.store_name, s.first_name, s.last_name, s.username, s.logo_url, s.profile_image_url, s.bio, s.rating_average, s.rating_count, s.resource_count];
}

function review(r: ReviewView): unknown[] {
  return [r.id, r.rating, r.body, r.author.first_name, r.author.last_name, r.author.username, r.seller_reply, r.created_at];
}

/**
 * The questions section (decision 0075): what it shows — counts, titles, bodies, authors, answer
 * counts, whether one is answered. Votes are counters (decision 0040): they order the list but are
 * not shown on the page, so they are not hashed.
 */
export function questionsContent(q: CommunityPreview): unknown[] {
  return [
    q.counts.questions,
    q.counts.unanswered,
    q.questions.map((x) => [x.id, x.title, x.body_html, x.author?.name ?? null, x.author?.badge ?? null, x.answer_count, x.accepted_answer_id !== null, x.edited, x.created_at]),
  ];
}

function listContent(page: StoreListPage): unknown {
  const { list } = page;
  return [page.query, list.total, list.page, list.page_size, list.data.map(card), page.featured.map(card), list.facets, page.categories.map((c) => [c.id, c.name])];
}

function resourceContent({ resource: r, reviews, questions }: StoreResourcePage): unknown {
  return [
    card(r),
    r.summary,
    r.description_html,
    r.preview_image_urls,
    r.preview,
    r.files.map((f) => [f.id, f.name, f.type_label, f.size, f.page_count]),
    seller(r.seller),
    [reviews.rating_average, reviews.rating_count, reviews.distribution, reviews.data.map(review)],
    questionsContent(questions),
  ];
}

function storefrontContent({ store }: SellerStorePage): unknown {
  return [seller(store.seller), store.resources.map(card)];
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const storeListHash = (page: StoreListPage): Promise<string> => sha256(JSON.stringify(listContent(page)));
export const storeResourceHash = (page: StoreResourcePage): Promise<string> => sha256(JSON.stringify(resourceContent(page)));
export const storefrontHash = (page: SellerStorePage): Promise<string> => sha256(JSON.stringify(storefrontContent(page)));

/** The manifest of what the build pre-rendered: the front view and the resource pages. */
export async function buildStoreManifest(list: StoreListPage, resources: readonly StoreResourcePage[]): Promise<StoreManifest> {
  const entries = await Promise.all(resources.map(async (page) => [String(page.resource.id), await storeResourceHash(page)] as const));
  return { version: 1, list: await storeListHash(list), resources: Object.fromEntries(entries) };
}

/** Which page answers: the built one while its hash is the database's, else one rendered from current data. */
export function storePageSource(built: string | undefined, current: string): 'static' | 'rendered' {
  return built === current ? 'static' : 'rendered';
}
