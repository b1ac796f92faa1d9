import { mountWhenIdle } from './dom.ts';
import { mountSiteNav } from './site-nav.ts';
import { mountToaster } from './toaster.ts';
import { mountUserMenu } from './user-menu.ts';

// The menu button is static markup that must answer the first tap on a phone, and wiring it costs
// a few listeners, so it starts as soon as the module runs (after the document is parsed).
for (const button of document.querySelectorAll<HTMLElement>('[data-island="site-nav"]')) mountSiteNav(button);

// The header's user menu and the toast region start when the browser is idle.
mountWhenIdle('[data-island="user-menu"]', mountUserMenu);
mountWhenIdle('[data-island="toaster"]', mountToaster);
