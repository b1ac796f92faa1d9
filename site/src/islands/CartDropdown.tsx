import { useStore } from '@nanostores/react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { badgeText } from '../../../worker/src/domain/cart.ts';
import { formatCents } from '../lib/currency.ts';
import { imageUrl } from '../lib/image-url.ts';
import { $cart, $cartOwner, $cartStatus, $pendingLines, clearCart, loadCart, loadPaymentMode, refreshCart, removeFromCart, setQuantity, type ViewLine } from '../stores/cart.ts';
import { cartLabel } from './cart-badge.ts';
import '../styles/cart.css';

export const TEST_MODE_LABEL = 'Test mode — no card is charged';

/** The cart icon of the header button (the static markup of BaseLayout draws the same). */
export function CartIcon() {
  return (
    <svg className="cart-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.76L20 8H6.2" />
      <circle cx="9.5" cy="19.5" r="1.3" />
      <circle cx="17" cy="19.5" r="1.3" />
    </svg>
  );
}

/** One line: picture, title, price, the reason it cannot be bought, quantity − / +, remove. */
export function CartLineItem({ line, busy, onRemoved }: { line: ViewLine; busy: boolean; onRemoved: () => void }) {
  const decrease = () => void setQuantity(line.id, line.quantity - 1).then((ok) => ok && line.quantity <= 1 && onRemoved());
  const remove = () => void removeFromCart(line.id).then((ok) => ok && onRemoved());
  return (
    <li className={`cart-line${line.available ? '' : ' cart-line-unavailable'}`}>
      <img className="cart-line-image" src={imageUrl(line.imageUrl)} alt="" width={56} height={42} loading="lazy" decoding="async" />
      <div className="cart-line-main">
        <a className="cart-line-title" href={line.url || undefined}>
          {line.title}
        </a>
        <span className="cart-line-price">{formatCents(line.priceCents)}</span>
        {!line.available && line.reasonMessage ? <span className="cart-line-reason">{line.reasonMessage}</span> : null}
        <div className="cart-line-controls">
          <div className="cart-qty" role="group" aria-label={`Quantity of ${line.title}`}>
            <button type="button" className="cart-qty-btn" aria-label={`Decrease quantity of ${line.title}`} disabled={busy} onClick={decrease}>
              −
            </button>
            <span className="cart-qty-value" aria-live="polite">
              {line.quantity}
            </span>
            <button
              type="button"
              className="cart-qty-btn"
              aria-label={`Increase quantity of ${line.title}`}
              disabled={busy || line.quantity >= line.maxQuantity}
              onClick={() => void setQuantity(line.id, line.quantity + 1)}
            >
              +
            </button>
          </div>
          <button type="button" className="cart-remove" disabled={busy} onClick={remove} aria-label={`Remove ${line.title} from cart`}>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The header's cart dropdown: titled Shopping Cart, the lines with quantity − and + and
 * remove, the total, View Cart and Checkout (both to /cart), Clear Cart; when empty, Browse
 * Resources to /curriculum. The list is at most 400px high. Failures show the destructive error toasts (the store).
 */
export default function CartDropdown({ initialOpen = false }: { initialOpen?: boolean }) {
  const [open, setOpen] = useState(initialOpen);
  const cart = useStore($cart);
  const status = useStore($cartStatus);
  const owner = useStore($cartOwner);
  const pending = useStore($pendingLines);
  const titleId = useId();
  const content = useRef<HTMLDivElement>(null);
  // A line that goes takes its focused button along: focus stays in the dropdown.
  const keepFocus = () => requestAnimationFrame(() => content.current?.focus());

  useEffect(() => {
    if (!open) return;
    // Current prices each time it opens: the server cart is read again, a guest's is checked.
    void (owner === 'user' ? loadCart() : refreshCart()).catch(() => undefined);
    if (owner === 'guest') void loadPaymentMode();
  }, [open, owner]);

  const empty = cart.lines.length === 0;
  const loading = empty && (status === 'loading' || (owner === 'user' && status === 'idle'));
  const badge = badgeText(cart.count);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className="cart-button" aria-label={cartLabel(cart.count)}>
          <CartIcon />
          {badge ? <span className="cart-badge">{badge}</span> : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content ref={content} tabIndex={-1} className="cart-dropdown" align="end" sideOffset={8} collisionPadding={8} aria-labelledby={titleId}>
          <div className="cart-dropdown-head">
            <h2 id={titleId} className="cart-dropdown-title">
              Shopping Cart
            </h2>
            <Popover.Close className="cart-close" aria-label="Close cart">
              ×
            </Popover.Close>
          </div>
          {loading ? (
            <p className="cart-status" role="status">
              Loading your cart…
            </p>
          ) : empty && status === 'error' ? (
            <div className="cart-empty" role="alert">
              <p>Your cart could not be loaded.</p>
              <button type="button" className="btn btn-primary" onClick={() => void loadCart().catch(() => undefined)}>
                Try again
              </button>
            </div>
          ) : empty ? (
            <div className="cart-empty">
              <p>Your cart is empty.</p>
              <a className="btn btn-primary" href="/curriculum">
                Browse Resources
              </a>
            </div>
          ) : (
            <>
              <ul className="cart-lines" aria-label="Items in your cart">
                {cart.lines.map((line) => (
                  <CartLineItem key={line.id} line={line} busy={pending.has(line.id) || pending.has('all')} onRemoved={keepFocus} />
                ))}
              </ul>
              <div className="cart-total">
                <span>Total</span>
                <strong>{formatCents(cart.subtotalCents)}</strong>
              </div>
              {cart.testMode ? <p className="cart-test-mode">{TEST_MODE_LABEL}</p> : null}
              {cart.blocked ? <p className="cart-blocked">Remove the items that can no longer be bought before you check out.</p> : null}
              <div className="cart-actions">
                <a className="btn btn-secondary" href="/cart">
                  View Cart
                </a>
                <a className="btn btn-primary" href="/cart">
                  Checkout
                </a>
              </div>
              <button type="button" className="btn btn-ghost btn-block cart-clear" disabled={pending.has('all')} onClick={() => void clearCart().then((ok) => ok && keepFocus())}>
                Clear Cart
              </button>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
