import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SidebarMenuKind } from '../../../../worker/src/domain/navigation.ts';
import { areaMenuItems, sidebarFor } from '../../../../shared/account-areas.ts';
import { $auth, loadUser, logout } from '../../stores/auth.ts';
import { $sidebarCollapsed, initSidebar, toggleSidebar } from '../../stores/admin.ts';
import { $feedbackWaiting, loadFeedbackWaiting } from '../../stores/feedback.ts';
import { toast } from '../../stores/toasts.ts';

const MENU_TITLES: Record<SidebarMenuKind, string> = {
  admin: 'Admin',
  'curriculum-admin': 'Curriculum Admin',
  seller: 'Seller',
  instructor: 'Instructor',
};

/** Where each menu's area lives: its links are the menu itself. */
const AREA_PREFIX: Record<SidebarMenuKind, string> = { admin: '/admin', 'curriculum-admin': '/admin', seller: '/seller', instructor: '/instructor' };

/** Simple line icons (24×24, stroke) so the collapsed rail still shows where each link goes. */
const ICON_PATHS: Record<string, string> = {
  dashboard: 'M3 13h8V3H3zM13 21h8V11h-8zM3 21h8v-6H3zM13 3v6h8V3z',
  users: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  courses: 'M2 4h7a4 4 0 0 1 3 1.5A4 4 0 0 1 15 4h7v15h-7a3 3 0 0 0-3 2 3 3 0 0 0-3-2H2z',
  categories: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  certificates: 'M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12M8.2 13.9 7 22l5-3 5 3-1.2-8.1',
  resources: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8',
  curriculum: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5',
  sellers: 'M3 9l1.5-5h15L21 9M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0zM5 13v8h14v-8',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  add: 'M12 5v14M5 12h14',
  analytics: 'M3 3v18h18M7 15l4-4 3 3 5-6',
  payments: 'M2 6h20v12H2zM2 10h20M6 15h4',
  students: 'M22 10 12 5 2 10l10 5zM6 12v5c3 2 9 2 12 0v-5',
  availability: 'M3 5h18v16H3zM16 3v4M8 3v4M3 10h18',
  feedback: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2zM8 9h8M8 13h5',
  home: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  signout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
  chevron: 'M15 18l-6-6 6-6',
};

function iconFor(href: string, label: string): string {
  const last = href.split('/').filter(Boolean).pop() ?? '';
  if (label === 'Dashboard' || last === 'dashboard') return 'dashboard';
  if (last === 'add' || last === 'create') return 'add';
  if (last.endsWith('categories')) return 'categories';
  if (last === 'curriculum-officer') return 'dashboard';
  if (last in ICON_PATHS) return last;
  if (last === 'courses') return 'courses';
  return 'resources';
}

function Icon({ name }: { name: string }) {
  return (
    <svg className="admin-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name] ?? ICON_PATHS.resources} />
    </svg>
  );
}

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The link of the menu that holds the current page: exact match, else the longest prefix. */
function currentHref(hrefs: readonly string[], path: string): string | null {
  const here = normalise(path);
  let best: string | null = null;
  for (const href of hrefs) {
    if (here === href) return href;
    if (here.startsWith(href + '/') && (!best || href.length > best.length)) best = href;
  }
  return best;
}

/** The instructor menu's Feedback entry, which carries the count of takes waiting (stores/feedback.ts). */
const FEEDBACK_HREF = '/instructor/feedback';

/** Below this width the sidebar is a bar with a menu button (admin.css uses the same 48rem). */
const NARROW_QUERY = '(max-width: 48rem)';

export interface AdminSidebarProps {
  /** The page's path at build time; the browser's path wins once hydrated (dynamic shells). */
  currentPath: string;
}

/** The admin, seller and instructor sidebar. */
function AdminSidebar({ currentPath }: AdminSidebarProps) {
  const auth = useStore($auth, { ssr: 'initial' });
  const collapsed = useStore($sidebarCollapsed, { ssr: 'initial' });
  const [path, setPath] = useState(currentPath);
  const [signingOut, setSigningOut] = useState(false);
  // Small screens: the menu starts closed on every page and is never remembered; the rail's
  // collapsed state (remembered) belongs to wide screens only.
  const [narrow, setNarrow] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    initSidebar();
    setPath(location.pathname);
    void loadUser().catch(() => undefined);
    const query = window.matchMedia(NARROW_QUERY);
    const follow = () => {
      setNarrow(query.matches);
      setMenuOpen(false);
    };
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  const expanded = narrow ? menuOpen : !collapsed;
  function onToggle() {
    if (narrow) setMenuOpen((open) => !open);
    else toggleSidebar();
  }
  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === 'Escape' && narrow && menuOpen) {
      setMenuOpen(false);
      toggle.current?.focus();
    }
  }

  const user = auth.status === 'ready' ? auth.user : null;
  // The area the page is in picks the menu (admin, curriculum admin, seller or instructor) among those the user's roles open;
  // the permission table keeps only the entries this user's roles can use.
  const { kind, items } = user ? sidebarFor(user.role, normalise(path)) : { kind: null, items: [] };
  // The user's other areas, one click away (the header's user menu's links), without those of the area shown.
  const here = kind ? AREA_PREFIX[kind] : null;
  const labels = new Set(items.map((i) => i.label));
  // The admin menu is long and ADMIN works in no other area but learning: it keeps its menu alone.
  const otherAreas = user && kind !== 'admin'
    ? areaMenuItems(user.role)
        .filter((a) => a.href !== '/dashboard' && !(here && (a.href === here || a.href.startsWith(here + '/'))))
        .map((a) => (labels.has(a.label) ? { ...a, label: `${a.label} (learner)` } : a))
    : [];
  // The instructor menu's Feedback entry shows how many takes wait for an answer.
  const hasFeedback = items.some((i) => i.href === FEEDBACK_HREF);
  const feedbackWaiting = useStore($feedbackWaiting);
  useEffect(() => {
    if (hasFeedback) void loadFeedbackWaiting();
  }, [hasFeedback]);
  const active = currentHref(
    items.map((i) => i.href),
    path,
  );

  async function signOut() {
    setSigningOut(true);
    try {
      await logout();
    } catch (error) {
      toast({
        title: 'Logout failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
    location.assign('/');
  }

  return (
    <aside className="admin-sidebar" data-menu-open={menuOpen ? 'true' : undefined} aria-label="Admin sidebar" onKeyDown={onKeyDown}>
      <div className="admin-sidebar-head">
        <a className="admin-brand" href={items[0]?.href ?? '/'}>
          <span className="admin-brand-mark" aria-hidden="true">
            DRX
          </span>
          <span className="admin-label">{kind ? MENU_TITLES[kind] : 'DRX'}</span>
        </a>
        <button
          ref={toggle}
          type="button"
          className="admin-toggle"
          aria-expanded={expanded}
          aria-controls="admin-sidebar-nav"
          aria-label={narrow ? 'Menu' : 'Toggle sidebar'}
          title={narrow ? undefined : collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          onClick={onToggle}
        >
          <Icon name="chevron" />
          <span className="admin-toggle-label" aria-hidden="true">
            Menu
          </span>
        </button>
      </div>

      <div id="admin-sidebar-nav" className="admin-sidebar-body">
        {items.length > 0 && (
          <nav aria-label={kind ? `${MENU_TITLES[kind]} menu` : 'Menu'}>
            <ul className="admin-menu">
              {items.map((item) => (
                <li key={item.href}>
                  <a
                    href={item.href}
                    className="admin-menu-link"
                    aria-current={item.href === active ? 'page' : undefined}
                    title={collapsed && !narrow ? item.label : undefined}
                  >
                    <Icon name={iconFor(item.href, item.label)} />
                    <span className="admin-label">
                      {item.label}
                      {item.href === FEEDBACK_HREF && feedbackWaiting ? (
                        <span className="admin-menu-count">
                          <span className="visually-hidden">, </span>
                          {feedbackWaiting.toLocaleString('en-US')}
                          <span className="visually-hidden"> waiting</span>
                        </span>
                      ) : null}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}

        {otherAreas.length > 0 && (
          <nav aria-label="Your other areas">
            <p className="admin-signed-in admin-label">Your other areas</p>
            <ul className="admin-menu">
              {otherAreas.map((area) => (
                <li key={area.href}>
                  <a href={area.href} className="admin-menu-link" title={collapsed && !narrow ? area.label : undefined}>
                    <Icon name={iconFor(area.href, area.label)} />
                    <span className="admin-label">{area.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className="admin-sidebar-foot">
          {user && (
            <p className="admin-signed-in admin-label">
              Signed in as <strong>{[user.first_name, user.last_name].filter(Boolean).join(' ') || user.username}</strong>
            </p>
          )}
          <a href="/" className="admin-menu-link" title={collapsed && !narrow ? 'Return to Website' : undefined}>
            <Icon name="home" />
            <span className="admin-label">Return to Website</span>
          </a>
          <button
            type="button"
            className="admin-menu-link admin-signout"
            onClick={() => void signOut()}
            disabled={signingOut}
            title={collapsed && !narrow ? 'Sign Out' : undefined}
          >
            <Icon name="signout" />
            <span className="admin-label">Sign Out</span>
          </button>
        </div>
      </div>
    </aside>
  );
}

export default withErrorBoundary(AdminSidebar);
