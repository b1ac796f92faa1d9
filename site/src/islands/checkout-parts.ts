import { describeError } from '../lib/api.ts';
import { formatCents } from '../lib/currency.ts';
import { TEST_MODE_LABEL } from '../stores/checkout.ts';
import type { Order, OrderItem } from '../stores/orders.ts';
import { h } from './dom.ts';

/** DOM pieces shared by the checkout, hosted and return pages (plain script islands: decision 0023). */

export function testModeNote(): HTMLElement {
  return h('p', { className: 'test-mode-note', 'data-test-mode': '' }, h('span', { className: 'badge badge-warning' }, 'TEST MODE'), ' ', TEST_MODE_LABEL);
}

export function loadingLine(text: string): HTMLElement {
  return h('div', { className: 'loading', role: 'status' }, h('span', { className: 'spinner', 'aria-hidden': 'true' }), h('span', null, text));
}

export function errorAlert(title: string, message: string, retry?: () => void): HTMLElement {
  return h(
    'div',
    { className: 'alert alert-error', role: 'alert' },
    h('p', { className: 'alert-title' }, title),
    h('p', null, message),
    retry && h('button', { type: 'button', className: 'btn btn-secondary btn-sm', onclick: retry }, 'Try again'),
  );
}

/** An API failure as an alert (the generic parsing of lib/api.ts for the title and help). */
export function failureAlert(error: unknown, retry?: () => void): HTMLElement {
  const { title, message } = describeError(error);
  return errorAlert(title, message, retry);
}

/** Rows of totals: [label, cents, options]. */
export function totalsList(rows: [string, number, { discount?: boolean; total?: boolean }?][]): HTMLElement {
  return h(
    'dl',
    { className: 'checkout-totals' },
    rows.map(([label, cents, opts]) =>
      h(
        'div',
        { className: opts?.total ? 'checkout-total-row checkout-grand-total' : 'checkout-total-row' },
        h('dt', null, label),
        h('dd', null, opts?.discount && cents > 0 ? `−${formatCents(cents)}` : formatCents(cents)),
      ),
    ),
  );
}

/** One line of an order: title, quantity × unit price, line total. */
export function orderLine(item: Pick<OrderItem, 'title' | 'quantity' | 'unitPriceCents' | 'totalCents' | 'discountCents'>, extra?: Node | null): HTMLElement {
  return h(
    'li',
    { className: 'checkout-line' },
    h(
      'div',
      { className: 'checkout-line-main' },
      h('p', { className: 'checkout-line-title' }, item.title),
      h(
        'p',
        { className: 'text-sm muted' },
        item.quantity > 1 ? `${item.quantity} × ${formatCents(item.unitPriceCents)}` : formatCents(item.unitPriceCents),
        item.discountCents > 0 ? ` · discount −${formatCents(item.discountCents)}` : '',
      ),
      extra ?? null,
    ),
    h('p', { className: 'checkout-line-total' }, formatCents(item.totalCents)),
  );
}

/** An order's lines and totals (the return pages and the hosted page). */
export function orderSummary(order: Order, actions?: (item: OrderItem) => Node | null): HTMLElement {
  const rows: [string, number, { discount?: boolean; total?: boolean }?][] = [['Subtotal', order.subtotalCents]];
  if (order.discountCents > 0) rows.push([order.couponCode ? `Discount (${order.couponCode})` : 'Discount', order.discountCents, { discount: true }]);
  rows.push(['Total', order.totalCents, { total: true }]);
  return h(
    'section',
    { className: 'panel checkout-summary stack-sm', 'aria-label': `Order ${order.number}` },
    h('p', { className: 'text-sm muted' }, `Order ${order.number}`),
    h(
      'ul',
      { className: 'checkout-lines', role: 'list' },
      order.items.map((item) => orderLine(item, actions?.(item) ?? null)),
    ),
    totalsList(rows),
    order.testMode ? testModeNote() : null,
  );
}

/** A hosted page's end state: a heading, a sentence and the ways on (the first link is the primary one). */
export function statusPanel(title: string, message: string, links: [string, string][]): HTMLElement {
  return h(
    'div',
    { className: 'panel stack', role: 'status' },
    h('h2', null, title),
    h('p', null, message),
    h(
      'p',
      { className: 'cluster' },
      links.map(([label, href], i) => h('a', { className: i === 0 ? 'btn btn-primary' : 'btn btn-ghost', href }, label)),
    ),
  );
}
