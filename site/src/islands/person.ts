import { imageUrl } from '../lib/image-url.ts';
import { getInitials } from '../lib/initials.ts';
import { h } from './dom.ts';

/** A person's name and picture for the script islands (the header's account menu, public profiles). */
export interface Person {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
  profile_image_url?: string | null;
}

export function displayName(person: Person): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ').trim() || person.username;
}

/** A round picture of a person, or their initials when there is none or it fails to load. */
export function avatar(person: Person, size: 'md' | 'lg' = 'md'): HTMLElement {
  const initials = () => h('span', { 'aria-hidden': 'true' }, getInitials(displayName(person)));
  const box = h('span', { className: size === 'lg' ? 'avatar avatar-lg' : 'avatar' });
  if (person.profile_image_url) {
    const img = h('img', { src: imageUrl(person.profile_image_url), alt: `${displayName(person)}'s profile picture` });
    img.addEventListener('error', () => img.replaceWith(initials()), { once: true });
    box.appendChild(img);
  } else {
    box.appendChild(initials());
  }
  return box;
}
