import { $toasts } from '../stores/toasts.ts';
import { mountSiteNav } from './site-nav.ts';
import { startCartBadge } from './cart-badge.ts';
import { onSession } from './on-session.ts';

// The page shell's scripts (decision 0023): only what a guest needs before interacting is loaded
// with the page. The menu button is static markup that must answer the first tap on a phone, so
// it is wired as soon as the module runs. The header's Sign In / Create Account links are static
// markup too; the account menu's code loads only for a browser holding a session (the head script
// of BaseLayout marks <html data-session>) or once someone signs in on this page. The toast list's
// code loads with the first toast.
for (const button of document.querySelectorAll<HTMLElement>('[data-island="site-nav"]')) mountSiteNav(button);
// The cart button and badge: the count at once (a guest's from localStorage), the dropdown on first use.
startCartBadge();

let menuStarted = false;
function startUserMenu(): void {
  if (menuStarted) return;
  menuStarted = true;
  void import('./user-menu.ts').then(({ mountUserMenu }) => {
    for (const root of document.querySelectorAll<HTMLElement>('[data-island="user-menu"]')) mountUserMenu(root);
  });
}
onSession(startUserMenu, { idle: true });

function startToaster(): void {
  void import('./toaster.ts').then(({ mountToaster }) => {
    for (const list of document.querySelectorAll<HTMLElement>('[data-island="toaster"]')) mountToaster(list);
  });
}
// A script that ran before this one may already have shown a toast.
if ($toasts.get().length > 0) startToaster();
else {
  const stopWatching = $toasts.listen((toasts) => {
    if (toasts.length === 0) return;
    stopWatching();
    startToaster();
  });
}
