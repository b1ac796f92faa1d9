import { describe, expect, it } from 'vitest';
import { CARD_CVC_INVALID, CARD_EXPIRED, CARD_EXPIRY_INVALID, CARD_NUMBER_INVALID, checkTestCard, luhnValid } from './test-cards.ts';

const now = new Date('2026-11-23T12:00:00Z');
const card = (over: Partial<{ cardNumber: string; expiry: string; cvc: string }>) => ({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', ...over });

describe('the test provider card rule', () => {
  it('checks numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });

  it('pays with 4242 and other valid numbers, declines 4000…0002', () => {
    expect(checkTestCard(card({}), now)).toEqual({ ok: true, outcome: 'paid' });
    expect(checkTestCard(card({ cardNumber: '5555-5555-5555-4444' }), now)).toEqual({ ok: true, outcome: 'paid' });
    expect(checkTestCard(card({ cardNumber: '4000 0000 0000 0002' }), now)).toEqual({ ok: true, outcome: 'declined' });
  });

  it('refuses malformed numbers, past or malformed expiry dates and bad codes', () => {
    expect(checkTestCard(card({ cardNumber: '4242 4242 4242 4241' }), now)).toEqual({ ok: false, errors: { cardNumber: [CARD_NUMBER_INVALID] } });
    expect(checkTestCard(card({ expiry: '10/26' }), now)).toEqual({ ok: false, errors: { expiry: [CARD_EXPIRED] } });
    expect(checkTestCard(card({ expiry: '11/26' }), now)).toEqual({ ok: true, outcome: 'paid' });
    expect(checkTestCard(card({ expiry: '11/2026' }), now)).toEqual({ ok: true, outcome: 'paid' });
    expect(checkTestCard(card({ expiry: '00/30' }), now)).toEqual({ ok: false, errors: { expiry: [CARD_EXPIRY_INVALID] } });
    expect(checkTestCard(card({ expiry: 'soon' }), now)).toEqual({ ok: false, errors: { expiry: [CARD_EXPIRY_INVALID] } });
    expect(checkTestCard(card({ cvc: '12' }), now)).toEqual({ ok: false, errors: { cvc: [CARD_CVC_INVALID] } });
    expect(checkTestCard(card({ cardNumber: '378282246310005', cvc: '123' }), now)).toEqual({ ok: false, errors: { cvc: [CARD_CVC_INVALID] } });
    expect(checkTestCard(card({ cardNumber: '378282246310005', cvc: '1234' }), now)).toEqual({ ok: true, outcome: 'paid' });
  });
});
