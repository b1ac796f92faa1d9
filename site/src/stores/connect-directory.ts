import { atom } from 'nanostores';
import { ApiError } from '../lib/api.ts';
import { api, call } from '../lib/api-client.ts';
import type { ZipPlace } from '../../../shared/bookings/views.ts';

/**
 * The directory's searched place (/connect, decision 0032): a ZIP code looked up through
 * GET /api/zipcode-lookup/{zip} (an offline table on the server, cacheable for long), so the
 * island can measure each card's distance in the browser.
 */

export type OriginState =
  | { status: 'none' }
  | { status: 'loading'; zip: string }
  | { status: 'found'; zip: string; place: ZipPlace }
  | { status: 'error'; zip: string; message: string };

export const $origin = atom<OriginState>({ status: 'none' });

const known = new Map<string, ZipPlace | string>();

/** The place the page was rendered with (the server looked it up already). */
export function setKnownOrigin(place: ZipPlace | null): void {
  if (place) known.set(place.zip, place);
  $origin.set(place ? { status: 'found', zip: place.zip, place } : { status: 'none' });
}

/** Looks a ZIP code up (once per code); an empty code clears the place. */
export async function searchOrigin(zip: string): Promise<OriginState> {
  const code = zip.trim();
  if (!code) {
    $origin.set({ status: 'none' });
    return $origin.get();
  }
  const seen = known.get(code);
  if (seen !== undefined) {
    $origin.set(typeof seen === 'string' ? { status: 'error', zip: code, message: seen } : { status: 'found', zip: code, place: seen });
    return $origin.get();
  }
  $origin.set({ status: 'loading', zip: code });
  try {
    const place: ZipPlace = await call(api['zipcode-lookup'][':zip'].$get({ param: { zip: encodeURIComponent(code) } }));
    known.set(code, place);
    if ($origin.get().status === 'loading' && ($origin.get() as { zip: string }).zip === code) $origin.set({ status: 'found', zip: code, place });
  } catch (error) {
    const message = error instanceof ApiError && error.status !== 0 ? error.message : 'We could not look this ZIP code up. Please try again.';
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) known.set(code, message);
    if (($origin.get() as { zip?: string }).zip === code) $origin.set({ status: 'error', zip: code, message });
  }
  return $origin.get();
}
