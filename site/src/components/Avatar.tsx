import { useEffect, useState } from 'react';
import { imageUrl } from '../lib/image-url.ts';
import { getInitials } from '../lib/initials.ts';

export interface AvatarPerson {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
  profile_image_url?: string | null;
}

export function displayName(person: AvatarPerson): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ').trim() || person.username;
}

/** A round picture of a person, or their initials when there is none or it fails to load. */
export default function Avatar({ person, size = 'md' }: { person: AvatarPerson; size?: 'md' | 'lg' }) {
  const src = person.profile_image_url ? imageUrl(person.profile_image_url) : '';
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [src]);
  return (
    <span className={size === 'lg' ? 'avatar avatar-lg' : 'avatar'}>
      {src && !broken ? (
        <img src={src} alt={`${displayName(person)}'s profile picture`} onError={() => setBroken(true)} />
      ) : (
        <span aria-hidden="true">{getInitials(displayName(person))}</span>
      )}
    </span>
  );
}
