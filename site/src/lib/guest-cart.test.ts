import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../shared/cart.ts';
import { cartLabel, storedGuestCount } from '../islands/cart-badge.ts';
import { CREDITS_SIGN_IN } from '../../../shared/feedback-credits.ts';
import {
  addGuestItem,
  guestModeOn,
  guestView,
  mergePayload,
  parseGuestCart,
  removeGuestItem,
  serverView,
  setGuestQuantity,
  type GuestCartItem,
} from './guest-cart.ts';

const course = (itemId: number, price = 49): Parameters<typeof addGuestItem>[1] => ({ type: 'COURSE', itemId, title: `Course ${itemId}`, price, imageUrl: null });

describe('guest cart (its localStorage form)', () => {
  it('adds an item in the client form, and adding it again increments it up to its limit', () => {
    let items = addGuestItem([], course(5));
    expect(items).toEqual([{ id: 'course-5', type: 'course', itemId: 5, title: 'Course 5', price: 49, quantity: 1, imageUrl: null }]);
    items = addGuestItem(items, course(5));
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(1); // a course is one enrolment
    items = addGuestItem(items, { type: 'resource', itemId: 5, title: 'Sheet', price: 3 });
    items = addGuestItem(items, { type: 'RESOURCE', itemId: 5, quantity: 4 });
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      ['course-5', 1],
      ['resource-5', 5],
    ]);
    items = addGuestItem(items, { type: 'resource', itemId: 5, quantity: 50 });
    expect(items[1]!.quantity).toBe(10);
    expect(items[1]!.title).toBe('Sheet');
  });

  it('refuses feedback credits with the reason, never keeping them as their course', () => {
    const items = addGuestItem([], course(5));
    for (const type of ['FEEDBACK_CREDITS', 'feedback_credits'] as const) {
      // The message the API answers a visitor.
      expect(() => addGuestItem(items, { type: type as 'FEEDBACK_CREDITS', itemId: 7, title: 'Feedback credits ×5 — Salsa', price: 25 })).toThrow(CREDITS_SIGN_IN);
    }
    expect(items).toEqual([expect.objectContaining({ id: 'course-5' })]);
    // A stored line of that kind (written by an older page) is dropped, not read as a course.
    expect(parseGuestCart(JSON.stringify([{ type: 'FEEDBACK_CREDITS', itemId: 7, quantity: 1 }]))).toEqual([]);
  });

  it('sets quantities within the limit; below 1 removes; remove takes the line out', () => {
    let items = addGuestItem(addGuestItem([], course(1)), { type: 'resource', itemId: 2, title: 'R', price: 3 });
    items = setGuestQuantity(items, 'resource-2', 7);
    expect(items[1]!.quantity).toBe(7);
    items = setGuestQuantity(items, 'resource-2', 400);
    expect(items[1]!.quantity).toBe(10);
    items = setGuestQuantity(items, 'course-1', 0);
    expect(items.map((i) => i.id)).toEqual(['resource-2']);
    items = setGuestQuantity(items, 'resource-2', -2);
    expect(items).toEqual([]);
    expect(removeGuestItem(addGuestItem([], course(3)), 'course-3')).toEqual([]);
    expect(removeGuestItem(addGuestItem([], course(3)), 'course-4')).toHaveLength(1);
  });

  it('reads the stored cart forgivingly: junk dropped, duplicates combined, quantities capped', () => {
    expect(parseGuestCart(null)).toEqual([]);
    expect(parseGuestCart('not json')).toEqual([]);
    expect(parseGuestCart('{"a":1}')).toEqual([]);
    const stored = JSON.stringify([
      { id: 'course-1', type: 'course', itemId: 1, title: 'A', price: 10, quantity: 1, imageUrl: null },
      { id: 'x', type: 'book', itemId: 2, quantity: 1 },
      { type: 'course', itemId: -4, quantity: 1 },
      null,
      'text',
      { type: 'resource', itemId: 3, quantity: 6, price: 'free' },
      { type: 'resource', itemId: 3, quantity: 8 },
      { type: 'course', itemId: 1, quantity: 3 },
    ]);
    const items = parseGuestCart(stored);
    expect(items.map((i) => [i.id, i.quantity, i.price])).toEqual([
      ['course-1', 1, 10],
      ['resource-3', 10, 0],
    ]);
  });

  it('guest mode is on unless stored as false', () => {
    expect(guestModeOn(null)).toBe(true);
    expect(guestModeOn('true')).toBe(true);
    expect(guestModeOn('')).toBe(true);
    expect(guestModeOn('false')).toBe(false);
  });

  it('the merge payload is one line per item in the server form', () => {
    const items: GuestCartItem[] = [
      { id: 'course-1', type: 'course', itemId: 1, title: 'A', price: 1, quantity: 1, imageUrl: null },
      { id: 'resource-2', type: 'resource', itemId: 2, title: 'B', price: 1, quantity: 3, imageUrl: null },
      { id: 'resource-2', type: 'resource', itemId: 2, title: 'B', price: 1, quantity: 2, imageUrl: null },
    ];
    expect(mergePayload(items)).toEqual({
      items: [
        { type: 'COURSE', itemId: 1, quantity: 1 },
        { type: 'RESOURCE', itemId: 2, quantity: 5 },
      ],
    });
  });
});

describe('cart views', () => {
  it("a guest's view: stored prices until checked, then the catalog's; unavailable lines flagged and not totalled", () => {
    const items = addGuestItem(addGuestItem([], course(1, 10)), course(2, 20.5));
    expect(guestView(items)).toMatchObject({ count: 2, subtotalCents: 3050, blocked: false, testMode: null });
    const view = guestView(
      items,
      new Map([
        ['course-1', { title: 'A new title', priceCents: 1500, available: true, reasonMessage: null }],
        ['course-2', { title: 'Course 2', priceCents: 2050, available: false, reasonMessage: 'This item no longer exists.' }],
      ]),
      true,
    );
    expect(view.lines.map((l) => [l.title, l.priceCents, l.available, l.url])).toEqual([
      ['A new title', 1500, true, '/courses/1'],
      ['Course 2', 2050, false, '/courses/2'],
    ]);
    expect(view).toMatchObject({ count: 2, subtotalCents: 1500, blocked: true, testMode: true });
  });

  it("the server cart's view keeps its lines, count and subtotal", () => {
    const cart: Cart = {
      items: [
        {
          id: 7,
          type: 'COURSE',
          itemId: 3,
          course_id: 3,
          quantity: 1,
          maxQuantity: 1,
          title: 'Tap',
          price: 49,
          priceCents: 4900,
          itemDetails: { title: 'Tap', price: 49, image_url: '/img.png', url: '/courses/3' },
          available: true,
          reason: null,
          reasonMessage: null,
        },
      ],
      count: 1,
      subtotalCents: 4900,
      subtotal: 49,
      testMode: true,
    };
    expect(serverView(cart)).toEqual({
      lines: [{ id: 7, type: 'COURSE', itemId: 3, title: 'Tap', priceCents: 4900, quantity: 1, maxQuantity: 1, imageUrl: '/img.png', url: '/courses/3', available: true, reasonMessage: null }],
      count: 1,
      subtotalCents: 4900,
      testMode: true,
      blocked: false,
    });
  });
});

describe('cart badge', () => {
  it('counts a stored guest cart by quantity; anything unreadable counts nothing', () => {
    expect(storedGuestCount(null)).toBe(0);
    expect(storedGuestCount('[')).toBe(0);
    expect(storedGuestCount('{}')).toBe(0);
    expect(storedGuestCount(JSON.stringify([{ quantity: 2 }, { quantity: 3 }, null, { quantity: 'x' }]))).toBe(5);
    expect(storedGuestCount(JSON.stringify(Array.from({ length: 120 }, () => ({ quantity: 1 }))))).toBe(120);
  });

  it('names the button with the count', () => {
    expect(cartLabel(0)).toBe('Shopping cart, empty');
    expect(cartLabel(1)).toBe('Shopping cart, 1 item');
    expect(cartLabel(42)).toBe('Shopping cart, 42 items');
    expect(cartLabel(150)).toBe('Shopping cart, more than 99 items');
  });
});
