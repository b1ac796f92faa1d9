import { h } from './dom.ts';

/**
 * Status messages of the islands that load per-visitor data in the browser (enrolment, the
 * verification form): loading and not found. Page and card markup is never made here; it is
 * written once in the Astro components (decision 0020).
 */

export function loadingMessage(text: string): HTMLElement {
  return h('p', { className: 'loading', role: 'status' }, h('span', { className: 'spinner', 'aria-hidden': 'true' }), ` ${text}`);
}

export function notFoundMessage(title: string, text: string, link: { href: string; label: string }): HTMLElement {
  return h('div', { className: 'not-found' }, h('h1', null, title), h('p', { className: 'lead' }, text), h('a', { className: 'btn btn-primary', href: link.href }, link.label));
}
