/**
 * The buy box of a resource page (/curriculum/{id}): which state it shows for whom. The page is
 * the same for everyone (it is cached); what the visitor may do is read after load from
 * GET /api/resources/{id}/access (signed in) or from the guest cart kept in this browser
 * (localStorage drx_cart). Pure.
 */
import type { ResourceAccess } from '../../../shared/store/views.ts';

export type BuyState =
  /** A paid resource the visitor may add to the cart (the markup the server renders). */
  | 'buy'
  /** A paid resource already in the cart: View cart. */
  | 'in-cart'
  /** A free resource, guest: Download leads to sign in and back (the markup the server renders). */
  | 'sign-in'
  /** A free resource, signed in, not taken yet: Download takes it, then downloads. */
  | 'take'
  /** Bought, taken or granted: "You own this" with the downloads. */
  | 'owned'
  /** The resource's own seller (or an admin): the downloads, no purchase. */
  | 'manage';

export interface BuyFacts {
  free: boolean;
  signedIn: boolean;
  /** The caller's access, when signed in and read. */
  access: ResourceAccess | null;
  /** A guest's cart (drx_cart) holds the resource. */
  guestInCart: boolean;
}

/** The state to show. A signed-in visitor whose access could not be read keeps the visitor's state. */
export function buyState({ free, signedIn, access, guestInCart }: BuyFacts): BuyState {
  if (signedIn && access) {
    if (access.owned) return 'owned';
    if (access.is_seller || access.can_download) return 'manage';
    if (free) return 'take';
    return access.in_cart ? 'in-cart' : 'buy';
  }
  if (free) return 'sign-in';
  return !signedIn && guestInCart ? 'in-cart' : 'buy';
}

/** Whether a state lets the visitor download the files. */
export const canDownload = (state: BuyState): boolean => state === 'owned' || state === 'manage';

/** Whether the guest cart as stored (localStorage drx_cart) holds this resource. Anything unreadable holds nothing. */
export function guestCartHoldsResource(stored: string | null, resourceId: number): boolean {
  if (!stored) return false;
  try {
    const items = JSON.parse(stored) as unknown;
    if (!Array.isArray(items)) return false;
    return items.some((raw) => {
      const line = raw as { type?: unknown; itemId?: unknown } | null;
      return String(line?.type ?? '').toLowerCase() === 'resource' && Number(line?.itemId) === resourceId;
    });
  } catch {
    return false;
  }
}

/** Sign in, then come back to this page (?redirect=). */
export const signInHref = (path: string): string => `/auth?redirect=${encodeURIComponent(path)}`;

/** What the box says under its buttons, per state. */
export function buyNote(state: BuyState, fileCount: number): string {
  const files = fileCount === 1 ? '1 file' : `${fileCount} files`;
  switch (state) {
    case 'buy':
      return `${files} · download after purchase`;
    case 'in-cart':
      return 'In your cart · pay at checkout';
    case 'sign-in':
      return `${files} · free with a DRX account`;
    case 'take':
      return `${files} · free to download`;
    case 'owned':
      return 'Download any file under “What’s included”.';
    case 'manage':
      return 'Your resource: the files are yours to download.';
  }
}
