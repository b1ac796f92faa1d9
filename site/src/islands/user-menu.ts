import { accountMenuItems, areaMenuItems } from '../../../shared/account-areas.ts';
import { roleLabels } from '../../../shared/roles.ts';
import type { MenuItem } from '../../../worker/src/domain/navigation.ts';
import { apiFetch } from '../lib/api.ts';
import { $auth, loadUser, logout, type AuthState, type User } from '../stores/auth.ts';
import { toast } from '../stores/toasts.ts';
import { h } from './dom.ts';
import { avatar, displayName } from './person.ts';

let menuCount = 0;

/**
 * The header's account control: Sign In and Create Account for guests; for a signed-in
 * user a menu button (WAI-ARIA menu button pattern): their roles in words, a link to each area
 * their roles open, their account's pages and Sign Out (shared/account-areas.ts).
 * It follows the auth store, so a new name or profile picture shows at once.
 */
export function mountUserMenu(root: HTMLElement): () => void {
  let failed = false;
  let shown: string | null = null;
  let cleanup: (() => void) | null = null;

  const render = (state: AuthState) => {
    const user = state.status === 'ready' ? state.user : null;
    if (state.status === 'loading' && !failed) return;
    // Re-render only when what the control shows changes.
    const key = user ? JSON.stringify([user.id, user.username, user.first_name, user.last_name, user.profile_image_url, user.role]) : 'guest';
    if (key === shown) return;
    shown = key;
    cleanup?.();
    cleanup = null;
    if (!user) {
      root.replaceChildren(
        h(
          'div',
          { className: 'cluster header-auth-links' },
          h('a', { className: 'btn btn-ghost', href: '/auth' }, 'Sign In'),
          h('a', { className: 'btn btn-primary', href: '/auth?mode=signup' }, 'Create Account'),
        ),
      );
    } else {
      cleanup = accountMenu(root, user);
      // The pending payments dialog: a signed-in user's unfinished payments (the dialog's code loads only when there are some).
      void import('./pending-payments.ts').then((m) => m.startPendingPayments());
    }
  };

  const unsubscribe = $auth.subscribe(render);
  loadUser().catch(() => {
    failed = true;
    render($auth.get());
  });
  return () => {
    unsubscribe();
    cleanup?.();
  };
}

function accountMenu(root: HTMLElement, user: User): () => void {
  const id = `user-menu-${++menuCount}`;
  const name = displayName(user);
  let open = false;

  const button = h(
    'button',
    {
      id: `${id}-button`,
      type: 'button',
      className: 'menu-trigger',
      'aria-haspopup': 'menu',
      'aria-expanded': 'false',
      'aria-label': `Account menu for ${name}`,
    },
    avatar(user),
    h('span', { className: 'user-menu-name' }, user.first_name || user.username),
    chevron(),
  );

  const signOutItem = h('button', { type: 'button', role: 'menuitem', tabindex: '-1', className: 'menu-item' }, 'Sign Out');
  const list = h(
    'ul',
    { id: `${id}-menu`, role: 'menu', 'aria-labelledby': button.id, className: 'menu-list' },
    areaMenuItems(user.role).map(menuItem),
    h('li', { role: 'separator', className: 'menu-separator' }),
    accountMenuItems(user.role).map(menuItem),
    h('li', { role: 'separator', className: 'menu-separator' }),
    h('li', { role: 'none' }, signOutItem),
  );
  const panel = h(
    'div',
    { className: 'menu', hidden: true },
    h('p', { className: 'menu-label' }, h('strong', null, name), h('br'), `@${user.username}`, h('br'), h('span', { className: 'menu-roles' }, roleLabels(user.role).join(' · '))),
    list,
  );
  const wrapper = h('div', { className: 'menu-root' }, button, panel);
  const bell = notificationsBell();
  root.replaceChildren(h('div', { className: 'user-menu-bar' }, bell.link, wrapper));

  const items = () => Array.from(list.querySelectorAll<HTMLElement>('[role="menuitem"]'));
  const focusAt = (i: number) => {
    const all = items();
    all[(i + all.length) % all.length]?.focus();
  };

  function setOpen(next: boolean, focus: 'first' | 'last' | 'button' | null = null) {
    open = next;
    panel.hidden = !next;
    button.setAttribute('aria-expanded', String(next));
    if (next) button.setAttribute('aria-controls', list.id);
    else button.removeAttribute('aria-controls');
    if (focus === 'first') focusAt(0);
    else if (focus === 'last') focusAt(-1);
    else if (focus === 'button') button.focus();
  }

  button.addEventListener('click', () => setOpen(!open, open ? null : 'first'));
  button.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setOpen(true, 'first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true, 'last');
    }
  });

  list.addEventListener('keydown', (e) => {
    const index = items().indexOf(document.activeElement as HTMLElement);
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusAt(index + 1),
      ArrowUp: () => focusAt(index - 1),
      Home: () => focusAt(0),
      End: () => focusAt(-1),
      Escape: () => setOpen(false, 'button'),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]!();
    } else if (e.key === 'Tab') {
      setOpen(false);
    } else if (e.key.length === 1 && /\S/.test(e.key)) {
      // Type-ahead: the next item starting with the typed character.
      const all = items();
      const order = [...all.slice(index + 1), ...all.slice(0, index + 1)];
      order.find((el) => el.textContent?.trim().toLowerCase().startsWith(e.key.toLowerCase()))?.focus();
    }
  });
  list.addEventListener('click', (e) => {
    if ((e.target as HTMLElement).closest('a')) setOpen(false);
  });

  signOutItem.addEventListener('click', async () => {
    signOutItem.setAttribute('aria-disabled', 'true');
    signOutItem.textContent = 'Signing out...';
    try {
      await logout();
      location.assign('/');
    } catch {
      // The token is gone from this browser either way; say that the server did not confirm.
      toast({ title: 'Logout failed', description: 'We could not reach the server. Please try again.', variant: 'destructive' });
    }
  });

  const onPointerDown = (e: PointerEvent) => {
    if (open && !wrapper.contains(e.target as Node)) setOpen(false);
  };
  document.addEventListener('pointerdown', onPointerDown);
  return () => {
    document.removeEventListener('pointerdown', onPointerDown);
    bell.stop();
  };
}

function menuItem(item: MenuItem): HTMLElement {
  return h('li', { role: 'none' }, h('a', { role: 'menuitem', tabindex: '-1', className: 'menu-item', href: item.href }, item.label));
}

/** The bell's accessible name: how many notices are unread. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread > 99 ? 'more than 99' : unread} unread` : 'Notifications, none unread';
}

/**
 * The header's bell: a link to /notifications with the unread count, read once the
 * page is idle (GET /api/notifications/unread) and updated by the `drx:notifications` event the
 * notifications page sends when notices are read.
 */
function notificationsBell(): { link: HTMLAnchorElement; stop: () => void } {
  const badge = h('span', { className: 'cart-badge', hidden: true });
  const link = h('a', { className: 'cart-button bell-link', href: '/notifications', 'aria-label': bellLabel(0) }, bellIcon(), badge);
  const show = (unread: number) => {
    link.setAttribute('aria-label', bellLabel(unread));
    badge.textContent = unread > 99 ? '99+' : String(unread);
    badge.hidden = unread <= 0;
  };
  const onCount = (e: Event) => show(Number((e as CustomEvent<{ unread: number }>).detail?.unread) || 0);
  window.addEventListener('drx:notifications', onCount);
  const read = () => {
    apiFetch<{ unread: number }>('/api/notifications/unread')
      .then((r) => show(r.unread))
      .catch(() => undefined);
  };
  const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
  idle(read);
  return { link, stop: () => window.removeEventListener('drx:notifications', onCount) };
}

function bellIcon(): SVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [k, v] of Object.entries({ width: '20', height: '20', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false', class: 'cart-icon' })) svg.setAttribute(k, v);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0');
  svg.appendChild(path);
  return svg;
}

function chevron(): SVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('width', '12');
  svg.setAttribute('height', '12');
  svg.setAttribute('viewBox', '0 0 12 12');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M2 4l4 4 4-4');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '1.6');
  svg.appendChild(path);
  return svg;
}
