import { publicBadges } from '../../../worker/src/domain/permissions.ts';
import type { PublicUserView, UserView } from '../../../worker/src/services/users.ts';
import { ApiError } from '../lib/api.ts';
import { loadPublicProfile } from '../stores/profiles.ts';
import { h, mountWhenIdle } from './dom.ts';
import { avatar, displayName } from './person.ts';

/** The id of /profile/{userId}, or null when it is not a positive whole number. */
export function profileIdFromPath(pathname: string): number | null {
  const segment = pathname.replace(/\/+$/, '').split('/')[2] ?? '';
  return /^[1-9][0-9]{0,14}$/.test(segment) ? Number(segment) : null;
}

function notFound(): HTMLElement {
  return h(
    'div',
    { className: 'not-found' },
    h('h1', null, 'Profile not found'),
    h('p', { className: 'lead' }, 'There is no member at this address. The link may be mistyped, or the account may have been closed.'),
    h('a', { className: 'btn btn-primary', href: '/' }, 'Go to the home page'),
  );
}

/** Public badges only: the account itself and ADMIN get the whole account from the API, but the page shows what anyone sees. */
function profileCard(profile: PublicUserView | UserView): HTMLElement {
  const badges = 'badges' in profile ? profile.badges : publicBadges(profile.role);
  return h(
    'article',
    { className: 'card' },
    h(
      'div',
      { className: 'card-body stack' },
      h(
        'div',
        { className: 'cluster', style: 'gap: var(--space-5)' },
        avatar(profile, 'lg'),
        h('div', null, h('h1', { style: 'margin-bottom: 0' }, displayName(profile)), h('p', { className: 'muted', style: 'margin: 0' }, `@${profile.username}`)),
      ),
      badges.length > 0 && h('p', { className: 'cluster', style: 'gap: var(--space-1)' }, badges.map((b) => h('span', { className: 'badge badge-primary' }, b))),
      h(
        'section',
        { 'aria-labelledby': 'bio-heading' },
        h('h2', { id: 'bio-heading' }, 'About'),
        h('p', { style: 'white-space: pre-line' }, profile.bio || h('span', { className: 'muted' }, 'This member has not written a bio yet.')),
      ),
    ),
  );
}

/** /profile/{userId}: what anyone may see of a member. */
function mountPublicProfile(root: HTMLElement): void {
  const id = profileIdFromPath(location.pathname);
  if (id === null) {
    root.replaceChildren(notFound());
    return;
  }
  loadPublicProfile(id)
    .then((profile) => {
      document.title = `${displayName(profile)} · DRX`;
      root.replaceChildren(profileCard(profile));
    })
    .catch((err: unknown) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 400)) {
        root.replaceChildren(notFound());
        return;
      }
      root.replaceChildren(
        h(
          'div',
          { className: 'alert alert-error', role: 'alert' },
          h('p', { className: 'alert-title' }, 'Something went wrong'),
          h('p', null, 'The profile could not be loaded. Please try again.'),
        ),
      );
    });
}

mountWhenIdle('[data-island="public-profile"]', mountPublicProfile);
