import { ApiError } from '../lib/api.ts';
import { TEST_MODE_LABEL } from '../lib/purchase.ts';
import { buyNote, buyState, canDownload, guestCartHoldsResource, type BuyState } from '../lib/store-buy.ts';
import type { ResourceAccess } from '../../../shared/store/views.ts';
import type * as CartStore from '../stores/cart.ts';
import type * as Store from '../stores/store.ts';
import { toast } from '../stores/toasts.ts';
import { h, hasSession, whenIdle } from './dom.ts';
import { repairStoreImages } from './store-images.ts';

/**
 * A resource's page (components/store/ResourcePage.astro). The markup is the visitor's and is
 * cached; this script brings the visitor's own state into the places kept for it: the buy box
 * (Add to Cart, In cart, Download for a free one, "You own this"), the files' Download buttons,
 * the review form (islands/store-review.ts, for owners only), the gallery, and one view counted
 * for the seller's analytics. The cart store and the query layer load only when needed
 * (decision 0023).
 */

interface Resource {
  id: number;
  title: string;
  priceCents: number;
  image: string | null;
  fileCount: number;
}

let storeModule: Promise<typeof Store> | undefined;
const loadStore = () => (storeModule ??= import('../stores/store.ts'));
let cartModule: Promise<typeof CartStore> | undefined;
const loadCart = () => (cartModule ??= import('../stores/cart.ts'));


function readGuestCart(): string | null {
  try {
    return localStorage.getItem('drx_cart');
  } catch {
    return null;
  }
}

const failureMessage = (err: unknown) => (err instanceof ApiError && err.status > 0 ? err.message : 'Please check your connection and try again.');

/** Downloads one file through its short-lived signed link. */
async function download(resourceId: number, fileId?: number): Promise<void> {
  const store = await loadStore();
  const link = await store.downloadLink(resourceId, fileId);
  const a = h('a', { href: link.url, download: link.file.name, hidden: true });
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function mountBuyBox(box: HTMLElement, resource: Resource): void {
  const actions = box.querySelector<HTMLElement>('[data-buy-actions]')!;
  const note = box.querySelector<HTMLElement>('[data-buy-note]')!;
  const free = resource.priceCents === 0;
  let shown: BuyState = free ? 'sign-in' : 'buy';

  const button = (label: string, onclick: (e: MouseEvent) => void, primary = true) =>
    h('button', { type: 'button', className: `btn ${primary ? 'btn-primary' : 'btn-secondary'} btn-lg`, onclick }, label);

  /** Runs an action from a button: busy while it runs, a toast when it fails. */
  const busy = (target: HTMLButtonElement, label: string, title: string, run: () => Promise<unknown>) => {
    if (target.disabled) return;
    const text = target.textContent;
    target.disabled = true;
    target.setAttribute('aria-busy', 'true');
    target.textContent = label;
    run()
      .catch((err: unknown) => toast({ title, description: failureMessage(err), variant: 'destructive' }))
      .finally(() => {
        if (!target.isConnected) return;
        target.disabled = false;
        target.removeAttribute('aria-busy');
        target.textContent = text;
      });
  };

  const downloadAll = (target: HTMLButtonElement) => {
    if (resource.fileCount === 1) {
      busy(target, 'Preparing...', 'Could not download', () => download(resource.id));
      return;
    }
    // Several files: each has its own Download under "What's included".
    const first = document.querySelector<HTMLButtonElement>('[data-download-file]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  };

  function show(state: BuyState): void {
    note.textContent = buyNote(state, resource.fileCount);
    for (const slot of document.querySelectorAll<HTMLElement>('[data-file-action]')) slot.toggleAttribute('data-hidden', !canDownload(state));
    if (state === shown && state !== 'buy') return;
    shown = state;
    switch (state) {
      case 'buy': {
        const add = actions.querySelector<HTMLButtonElement>('[data-add-to-cart]') ?? button('Add to Cart', () => undefined);
        add.setAttribute('data-add-to-cart', '');
        if (!add.dataset.wired) {
          add.dataset.wired = '1';
          add.addEventListener('click', () => busy(add, 'Adding...', 'Could not add to cart', addToCart));
        }
        if (!add.isConnected) actions.replaceChildren(add);
        return;
      }
      case 'in-cart':
        actions.replaceChildren(h('span', { className: 'badge badge-success', 'data-in-cart': '' }, 'In cart'), h('a', { className: 'btn btn-primary btn-lg', href: '/cart' }, 'View cart'));
        return;
      case 'sign-in':
        return;
      case 'take': {
        const take = button('Download', () => busy(take, 'Preparing...', 'Could not download', takeFree));
        actions.replaceChildren(take);
        return;
      }
      case 'owned':
      case 'manage': {
        const get = button(resource.fileCount === 1 ? 'Download' : 'Download files', () => downloadAll(get));
        const label = state === 'owned' ? h('span', { className: 'store-owned', 'data-owned': '' }, h('span', { 'aria-hidden': 'true' }, '✓'), 'You own this') : h('span', { className: 'store-owned' }, 'Your resource');
        actions.replaceChildren(label, get);
        return;
      }
    }
  }

  async function addToCart(): Promise<void> {
    const cart = await loadCart();
    await cart.addToCart({ type: 'RESOURCE', itemId: resource.id, title: resource.title, price: resource.priceCents / 100, imageUrl: resource.image });
    show('in-cart');
    actions.querySelector<HTMLElement>('a[href="/cart"]')?.focus();
  }

  async function takeFree(): Promise<void> {
    const store = await loadStore();
    const access = await store.claimFreeResource(resource.id);
    show(access ? buyState({ free, signedIn: true, access, guestInCart: false }) : 'owned');
    if (access) offerReview(access);
    await download(resource.id);
  }

  /** An owner who may review (or reviewed) gets the review form. */
  function offerReview(access: ResourceAccess): void {
    const area = document.querySelector<HTMLElement>('[data-review-area]');
    if (area && (access.can_review || access.my_review)) void import('./store-review.ts').then(({ mountReviewForm }) => mountReviewForm(area, resource.id, access));
  }

  // Paid, in test mode: the price says so, on the line kept for it.
  if (!free) void labelTestMode(box.querySelector<HTMLElement>('[data-test-mode-slot]'));

  // Ready: the box shows this visitor's state (tests wait for it).
  const ready = () => box.setAttribute('data-ready', shown);
  if (!hasSession()) {
    show(buyState({ free, signedIn: false, access: null, guestInCart: guestCartHoldsResource(readGuestCart(), resource.id) }));
    ready();
    return;
  }
  show(buyState({ free, signedIn: true, access: null, guestInCart: false }));
  void loadStore()
    .then((store) => store.loadResourceAccess(resource.id))
    .then((access) => {
      show(buyState({ free, signedIn: true, access, guestInCart: false }));
      offerReview(access);
    })
    // The session may have ended: the visitor's buttons stay, and work as they do for a guest.
    .catch(() => undefined)
    .finally(ready);
}

async function labelTestMode(slot: HTMLElement | null): Promise<void> {
  if (!slot) return;
  const body = await fetch('/api/payments/mode')
    .then((res) => (res.ok ? (res.json() as Promise<{ testMode?: boolean } | null>) : null))
    .catch(() => null);
  if (body?.testMode === true && !slot.firstChild) slot.appendChild(h('span', { className: 'badge badge-warning', 'data-test-mode': '' }, TEST_MODE_LABEL));
}

/** The per-file Download buttons (shown to owners, the seller and admins). */
function mountFileDownloads(resourceId: number): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-download-file]')) {
    button.addEventListener('click', () => {
      if (button.disabled) return;
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      download(resourceId, Number(button.dataset.downloadFile))
        .catch((err: unknown) => toast({ title: 'Could not download', description: failureMessage(err), variant: 'destructive' }))
        .finally(() => {
          button.disabled = false;
          button.removeAttribute('aria-busy');
        });
    });
  }
}

/** The thumbnails show their picture in the main place (the links open the picture without JavaScript). */
function mountGallery(gallery: HTMLElement): void {
  const thumbs = [...gallery.querySelectorAll<HTMLAnchorElement>('a[data-gallery-thumb]')];
  for (const thumb of thumbs) {
    thumb.addEventListener('click', (e) => {
      e.preventDefault();
      const main = gallery.querySelector<HTMLImageElement>('img[data-gallery-main]');
      if (!main) return;
      const next = main.cloneNode(false) as HTMLImageElement;
      next.src = thumb.getAttribute('href') ?? main.src;
      next.alt = thumb.dataset.galleryAlt ?? '';
      delete next.dataset.imageSrc;
      delete next.dataset.fallbackWatched;
      main.replaceWith(next);
      repairStoreImages(gallery);
      for (const t of thumbs) t.setAttribute('aria-current', String(t === thumb));
    });
  }
}

/** One view of this page for the seller's analytics (the page itself is answered from the cache). */
function countView(resourceId: number): void {
  try {
    navigator.sendBeacon(`/api/resources/${resourceId}/view`);
  } catch {
    // not counted: nothing the visitor needs
  }
}

const page = document.querySelector<HTMLElement>('[data-store-resource]');
if (page) {
  const gallery = page.querySelector<HTMLElement>('[data-store-gallery]');
  if (gallery) mountGallery(gallery);
  whenIdle(() => {
    const box = page.querySelector<HTMLElement>('[data-store-buy]');
    if (!box) return;
    const resource: Resource = {
      id: Number(box.dataset.resourceId),
      title: box.dataset.title ?? '',
      priceCents: Number(box.dataset.priceCents),
      image: box.dataset.image || null,
      fileCount: Number(box.dataset.fileCount) || 0,
    };
    mountFileDownloads(resource.id);
    mountBuyBox(box, resource);
    countView(resource.id);
  });
}
