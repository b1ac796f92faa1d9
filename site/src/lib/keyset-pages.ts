/**
 * Moving through a list the API pages by keyset (decision 0045): the page after or before the one
 * shown is asked for by the token that page answered, so it costs the same on page 50,000 as on
 * page 2; any other page (the first, the last, one typed into the address) by its number, which the
 * server reads from the nearer end of the list.
 */

/** A page to read: its number, and the token that reaches it from the page next to it, if any. */
export interface PageToken {
  page: number;
  after?: string;
  before?: string;
}

/** What a list's answer says about the page it holds. */
export interface ShownPage {
  page: number;
  next: string | null;
  prev: string | null;
}

/** How to reach page `target` from the page shown. */
export function tokenTo(target: number, shown: ShownPage | undefined): PageToken {
  if (shown && target > 1 && target === shown.page + 1 && shown.next) return { page: target, after: shown.next };
  if (shown && target > 1 && target === shown.page - 1 && shown.prev) return { page: target, before: shown.prev };
  return { page: target };
}

/** The page's part of the API query; a token counts only for the page it was made for. */
export function pageParams(page: number, token: PageToken | undefined): Record<string, string> {
  const params: Record<string, string> = { page: String(page) };
  if (token?.page === page && page > 1) {
    if (token.after) params.after = token.after;
    else if (token.before) params.before = token.before;
  }
  return params;
}

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** The token an address carries beside its page number (?after= or ?before=). */
export function tokenFromAddress(params: URLSearchParams, page: number): PageToken {
  const after = params.get('after') ?? '';
  const before = params.get('before') ?? '';
  if (page > 1 && TOKEN.test(after)) return { page, after };
  if (page > 1 && TOKEN.test(before)) return { page, before };
  return { page };
}

/** The token's part of the address (undefined removes a parameter). */
export function tokenInAddress(page: number, token: PageToken | undefined): { after: string | undefined; before: string | undefined } {
  const params = pageParams(page, token);
  return { after: params.after, before: params.before };
}
