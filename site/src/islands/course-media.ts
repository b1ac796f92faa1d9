import { PLACEHOLDER_IMAGE } from '../lib/catalog.ts';
import { h } from './dom.ts';

/**
 * What the server-rendered catalog markup needs from the browser (decision 0020): a picture that
 * fails shows the placeholder or the person's initials, and a preview video plays on request.
 * The markup itself is written once, in the Astro components.
 */

/** Course images (`img[data-fallback]`) that fail, before or after this runs, get the placeholder. */
export function repairImages(root: Document | HTMLElement): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    const fallback = () => {
      if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
    };
    if (img.complete && img.naturalWidth === 0) fallback();
    else img.addEventListener('error', fallback, { once: true });
  }
}

/** Profile pictures (`img[data-avatar-initials]`) that fail are replaced by the initials. */
export function repairAvatars(root: Document | HTMLElement): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-avatar-initials]')) {
    const initials = () => img.replaceWith(h('span', { 'aria-hidden': 'true' }, img.dataset.avatarInitials ?? ''));
    if (img.complete && img.naturalWidth === 0) initials();
    else img.addEventListener('error', initials, { once: true });
  }
}

/**
 * Turns a facade (PreviewVideo.astro) into the player on click: nothing is requested from
 * YouTube before the visitor asks.
 */
export function enablePreview(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button');
  const src = root.dataset.src;
  if (!button || !src) return;
  button.disabled = false;
  button.addEventListener(
    'click',
    () => {
      const iframe = h('iframe', {
        src,
        title: `Preview of ${root.dataset.title ?? 'the course'}`,
        allow: 'autoplay; encrypted-media; picture-in-picture; fullscreen',
        allowfullscreen: true,
        // The app sends no referrer by default; YouTube's player refuses to play without one.
        referrerpolicy: 'strict-origin-when-cross-origin',
      });
      root.classList.remove('video-facade');
      root.replaceChildren(iframe);
      iframe.focus();
    },
    { once: true },
  );
}
