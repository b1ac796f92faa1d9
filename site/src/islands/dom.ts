/**
 * The few DOM helpers of the script islands: the header's user menu and toaster and the public
 * pages' forms are plain TypeScript, because React alone would take a public page's whole
 * JavaScript budget (docs/decisions/0002-hand-rolled-header-islands.md). A person's name and
 * picture are in ./person.ts, so pages without one do not load the image helpers.
 */

import { whenIdle } from './on-session.ts';

export { hasSession, onSession, whenIdle } from './on-session.ts';

type Child = Node | string | number | null | undefined | false;
type AttrValue = string | number | boolean | null | undefined;
type Attrs = Record<string, AttrValue | ((event: never) => void)>;

/** Creates an element: attributes (on* are listeners, false/null are left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs | null = null, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value == null || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    else if (name === 'className') el.className = String(value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child != null && child !== false) el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

/** Mounts a script island when idle; a failure shows the failed-page message in its place. */
export function mountWhenIdle(selector: string, mount: (root: HTMLElement) => void): void {
  whenIdle(() => {
    for (const root of document.querySelectorAll<HTMLElement>(selector)) {
      try {
        mount(root);
      } catch (error) {
        root.replaceChildren(pageLoadError());
        setTimeout(() => {
          throw error;
        });
      }
    }
  });
}

/**
 * Wires server-rendered buttons (`selector` inside `root`) when the page is idle, without losing a
 * click that comes sooner: such a click starts the wiring at once and is replayed on the button
 * once `wire` has run. Call it when the script runs (before the page's load event), not when idle.
 */
export function wireWhenIdle(root: HTMLElement, selector: string, wire: () => Promise<unknown>): void {
  let wiring: Promise<unknown> | undefined;
  const start = () => (wiring ??= wire());
  const early = (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>(selector);
    if (!button || !root.contains(button)) return;
    root.removeEventListener('click', early, true);
    event.preventDefault();
    event.stopPropagation();
    void start().then(() => root.querySelector<HTMLElement>(selector)?.click());
  };
  root.addEventListener('click', early, true);
  whenIdle(() => void start().then(() => root.removeEventListener('click', early, true)));
}

/** 'Page Not Found' / 'The requested page could not be loaded.' with a Refresh Page button. */
export function pageLoadError(): HTMLElement {
  return h(
    'div',
    { className: 'container not-found', role: 'alert' },
    h('h1', null, 'Page Not Found'),
    h('p', { className: 'lead' }, 'The requested page could not be loaded.'),
    h('button', { type: 'button', className: 'btn btn-primary', onclick: () => location.reload() }, 'Refresh Page'),
  );
}
