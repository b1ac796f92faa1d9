import { ApiError } from '../lib/api.ts';
import { formatCents } from '../lib/currency.ts';
import type { Quote } from '../stores/checkout.ts';
import { h } from './dom.ts';

/**
 * The checkout's coupon code field: the code, Apply, and the discount applied (with Remove) or why
 * the code is refused. The buyer's review draws it with its own state; a visitor's loads it when
 * they open the field (decision 0071).
 */

export interface CouponView {
  quote: Quote;
  couponCode: string | null;
  couponError: string | null;
  applying: boolean;
}

export function couponForm(view: CouponView, apply: (code: string | null) => void): HTMLElement {
  const input = h('input', {
    id: 'coupon-code',
    name: 'couponCode',
    type: 'text',
    className: 'input',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    maxlength: 64,
    value: view.couponCode ?? '',
    'aria-invalid': view.couponError ? 'true' : null,
    'aria-describedby': view.couponError ? 'coupon-code-error' : view.quote.coupon ? 'coupon-code-applied' : null,
  });
  const form = h(
    'form',
    {
      className: 'coupon-form stack-sm',
      novalidate: true,
      onsubmit: (e: SubmitEvent) => {
        e.preventDefault();
        const code = input.value.trim();
        if (code) apply(code);
        else input.focus();
      },
    },
    h('label', { for: 'coupon-code' }, 'Coupon code'),
    h('div', { className: 'coupon-row' }, input, h('button', { type: 'submit', className: 'btn btn-secondary', disabled: view.applying, 'aria-busy': view.applying ? 'true' : null }, view.applying ? 'Applying...' : 'Apply')),
    view.couponError ? h('p', { id: 'coupon-code-error', className: 'field-error', role: 'alert' }, view.couponError) : null,
    view.quote.coupon
      ? h(
          'p',
          { id: 'coupon-code-applied', className: 'coupon-applied cluster', role: 'status' },
          h('span', null, `Coupon ${view.quote.coupon.code} applied`, view.quote.coupon.description ? `: ${view.quote.coupon.description}` : '', ` (−${formatCents(view.quote.discountCents)})`),
          h('button', { type: 'button', className: 'btn btn-ghost btn-sm', onclick: () => apply(null) }, 'Remove coupon'),
        )
      : null,
  );
  return form;
}

/** What a failed coupon check says (the server's words when it answered). */
export function couponCheckFailed(err: unknown): string {
  return err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'The coupon could not be checked. Please try again.';
}

/**
 * A visitor's coupon field in `slot`: `requote` prices the order with the code (or without, on
 * Remove) and redraws the review around the slot; the field then shows the outcome, focused.
 */
export function mountGuestCoupon(slot: HTMLElement, quote: () => Quote, requote: (code: string | null) => Promise<Quote>): void {
  let view: CouponView = { quote: quote(), couponCode: quote().coupon?.code ?? null, couponError: null, applying: false };
  const draw = () => {
    slot.replaceChildren(couponForm(view, (code) => void apply(code)));
    slot.querySelector<HTMLElement>('#coupon-code')?.focus();
  };
  async function apply(code: string | null): Promise<void> {
    view = { ...view, applying: true, couponError: null };
    draw();
    try {
      const next = await requote(code);
      view =
        code && next.couponError
          ? { quote: next, couponCode: code, couponError: next.couponError, applying: false }
          : { quote: next, couponCode: code && next.coupon ? next.coupon.code : null, couponError: null, applying: false };
    } catch (err) {
      view = { ...view, applying: false, couponError: couponCheckFailed(err) };
    }
    draw();
  }
  draw();
}
