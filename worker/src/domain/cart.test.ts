import { describe, expect, it } from 'vitest';
import { addedQuantity, badgeText, capQuantity, combineLines, lineCap, mergedQuantity, removes } from './cart.ts';

describe('cart rules', () => {
  it('a line holds 1 up to the item limit, never above 99', () => {
    expect(lineCap(1)).toBe(1);
    expect(lineCap(10)).toBe(10);
    expect(lineCap(500)).toBe(99);
    expect(lineCap(0)).toBe(1);
    expect(lineCap(Number.POSITIVE_INFINITY)).toBe(99);
    expect(capQuantity(5, 10)).toBe(5);
    expect(capQuantity(50, 10)).toBe(10);
    expect(capQuantity(1e12, 500)).toBe(99);
    expect(capQuantity(0, 10)).toBe(1);
    expect(capQuantity(Number.NaN, 10)).toBe(1);
    expect(capQuantity(2.7, 10)).toBe(2);
  });

  it('adding increments the existing quantity, capped', () => {
    expect(addedQuantity(1, 1, 1)).toBe(1);
    expect(addedQuantity(3, 2, 10)).toBe(5);
    expect(addedQuantity(9, 5, 10)).toBe(10);
    expect(addedQuantity(98, 98, 1000)).toBe(99);
    expect(addedQuantity(2, 0, 10)).toBe(3);
  });

  it('a quantity below 1 removes the line', () => {
    expect(removes(0)).toBe(true);
    expect(removes(-3)).toBe(true);
    expect(removes(0.5)).toBe(true);
    expect(removes(Number.NaN)).toBe(true);
    expect(removes(1)).toBe(false);
  });

  it('merging combines a guest cart per item and then adds to the server line, capped', () => {
    const combined = combineLines([
      { type: 'COURSE', itemId: 1, quantity: 1 },
      { type: 'RESOURCE', itemId: 1, quantity: 3 },
      { type: 'COURSE', itemId: 1, quantity: 2 },
      { type: 'RESOURCE', itemId: 1, quantity: 98 },
      { type: 'RESOURCE', itemId: 2, quantity: 0 },
    ]);
    expect(combined).toEqual([
      { type: 'COURSE', itemId: 1, quantity: 3 },
      { type: 'RESOURCE', itemId: 1, quantity: 99 },
      { type: 'RESOURCE', itemId: 2, quantity: 1 },
    ]);
    expect(mergedQuantity(0, 3, 1)).toBe(1);
    expect(mergedQuantity(0, 3, 10)).toBe(3);
    expect(mergedQuantity(4, 3, 10)).toBe(7);
    expect(mergedQuantity(8, 3, 10)).toBe(10);
  });

  it('the badge shows nothing for an empty cart, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});
