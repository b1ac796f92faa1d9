import { describe, expect, it } from 'vitest';
import type { ResourceAccess } from '../../../shared/store/views.ts';
import { buyNote, buyState, canDownload, guestCartHoldsResource, signInHref } from './store-buy.ts';

const access = (patch: Partial<ResourceAccess> = {}): ResourceAccess => ({
  resource_id: 4,
  owned: false,
  can_download: false,
  can_review: false,
  my_review: null,
  is_seller: false,
  in_cart: false,
  ...patch,
});

describe('the buy box state', () => {
  it('offers a guest Add to Cart, or View cart when the stored cart holds the resource', () => {
    expect(buyState({ free: false, signedIn: false, access: null, guestInCart: false })).toBe('buy');
    expect(buyState({ free: false, signedIn: false, access: null, guestInCart: true })).toBe('in-cart');
  });

  it('sends a guest to sign in for a free resource', () => {
    expect(buyState({ free: true, signedIn: false, access: null, guestInCart: false })).toBe('sign-in');
  });

  it("follows a signed-in visitor's access: owned, seller, in the server cart, free to take", () => {
    expect(buyState({ free: false, signedIn: true, access: access({ owned: true, can_download: true, in_cart: true }), guestInCart: false })).toBe('owned');
    expect(buyState({ free: true, signedIn: true, access: access({ owned: true, can_download: true }), guestInCart: false })).toBe('owned');
    expect(buyState({ free: false, signedIn: true, access: access({ is_seller: true, can_download: true }), guestInCart: false })).toBe('manage');
    expect(buyState({ free: false, signedIn: true, access: access({ can_download: true }), guestInCart: false })).toBe('manage');
    expect(buyState({ free: false, signedIn: true, access: access({ in_cart: true }), guestInCart: false })).toBe('in-cart');
    expect(buyState({ free: false, signedIn: true, access: access(), guestInCart: true })).toBe('buy');
    expect(buyState({ free: true, signedIn: true, access: access(), guestInCart: false })).toBe('take');
  });

  it('keeps the visitor state while a signed-in access is unknown', () => {
    expect(buyState({ free: false, signedIn: true, access: null, guestInCart: true })).toBe('buy');
    expect(buyState({ free: true, signedIn: true, access: null, guestInCart: false })).toBe('sign-in');
  });

  it('lets only owners and sellers download', () => {
    expect(['buy', 'in-cart', 'sign-in', 'take', 'owned', 'manage'].filter((s) => canDownload(s as never))).toEqual(['owned', 'manage']);
  });

  it('says something under the buttons for every state', () => {
    expect(buyNote('buy', 1)).toBe('1 file · download after purchase');
    expect(buyNote('sign-in', 3)).toBe('3 files · free with a DRX account');
    for (const s of ['in-cart', 'take', 'owned', 'manage'] as const) expect(buyNote(s, 2)).not.toBe('');
  });
});

describe('the guest cart (drx_cart)', () => {
  it('holds a resource line of this id only', () => {
    const stored = JSON.stringify([
      { id: 'course-4', type: 'course', itemId: 4, title: 'A course', price: 10, quantity: 1, imageUrl: null },
      { id: 'resource-9', type: 'resource', itemId: 9, title: 'Plan', price: 5, quantity: 1, imageUrl: null },
    ]);
    expect(guestCartHoldsResource(stored, 9)).toBe(true);
    expect(guestCartHoldsResource(stored, 4)).toBe(false);
    expect(guestCartHoldsResource(JSON.stringify([{ type: 'RESOURCE', itemId: 4 }]), 4)).toBe(true);
  });

  it('holds nothing when unreadable', () => {
    expect(guestCartHoldsResource(null, 1)).toBe(false);
    expect(guestCartHoldsResource('{', 1)).toBe(false);
    expect(guestCartHoldsResource('{"itemId":1}', 1)).toBe(false);
    expect(guestCartHoldsResource('[null]', 1)).toBe(false);
  });

  it('signs in and comes back', () => {
    expect(signInHref('/curriculum/4')).toBe('/auth?redirect=%2Fcurriculum%2F4');
  });
});
