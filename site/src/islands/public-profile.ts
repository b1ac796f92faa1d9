import { roleList } from '../../../worker/src/domain/roles.ts';
import type { PublicUserView } from '../../../worker/src/services/users.ts';
import { formatDate, roleLabel } from '../components/account-format.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { avatar, displayName, h, mountWhenIdle } from './dom.ts';

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

function profileCard(profile: PublicUserView): HTMLElement {
  const roles = roleList(profile.role);
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
      roles.length > 0 && h('p', { className: 'cluster', style: 'gap: var(--space-1)' }, roles.map((r) => h('span', { className: 'badge badge-primary' }, roleLabel(r)))),
      h(
        'section',
        { 'aria-labelledby': 'bio-heading' },
        h('h2', { id: 'bio-heading' }, 'About'),
        h('p', { style: 'white-space: pre-line' }, profile.bio || h('span', { className: 'muted' }, 'This member has not written a bio yet.')),
      ),
      h('p', { className: 'muted text-sm' }, `Member since ${formatDate(profile.created_at)}`),
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
  apiFetch<PublicUserView>(`/api/users/${id}`)
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
