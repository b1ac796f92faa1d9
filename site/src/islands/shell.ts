import { mountWhenIdle } from './dom.ts';
import { mountToaster } from './toaster.ts';
import { mountUserMenu } from './user-menu.ts';

// The script islands of every page's header and toast region, started when the browser is idle.
mountWhenIdle('[data-island="user-menu"]', mountUserMenu);
mountWhenIdle('[data-island="toaster"]', mountToaster);
