/**
 * The test provider's card rule (decision 0024), after Stripe's documented test cards:
 * 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, any other number that passes the
 * Luhn check pays too. A malformed number, a past expiry or a bad security code is a validation
 * error, as Stripe's hosted page says before anything is charged.
 */

export const DECLINED_CARD = '4000000000000002';
export const SUCCESS_CARD = '4242424242424242';

export const CARD_NUMBER_INVALID = 'Your card number is invalid.';
export const CARD_EXPIRY_INVALID = "Your card's expiration date is incomplete.";
export const CARD_EXPIRED = "Your card's expiration year is in the past.";
export const CARD_CVC_INVALID = "Your card's security code is invalid.";
export const CARD_DECLINED = 'Your card was declined.';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardCheck = { ok: true; outcome: 'paid' | 'declined' } | { ok: false; errors: Record<string, string[]> };

/** Checks a card as the test provider's hosted page does; `now` decides whether the expiry is past. */
export function checkTestCard(card: TestCard, now: Date): CardCheck {
  const errors: Record<string, string[]> = {};
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) errors.cardNumber = [CARD_NUMBER_INVALID];
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) {
    errors.expiry = [CARD_EXPIRY_INVALID];
  } else {
    const month = Number(expiry[1]);
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    // A card is good through the last day of its expiry month.
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (year * 12 + (month - 1) < current) errors.expiry = [CARD_EXPIRED];
  }
  // American Express (34, 37) has a four-digit code; other cards three.
  const amex = /^3[47]/.test(digits);
  if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc.trim())) errors.cvc = [CARD_CVC_INVALID];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, outcome: digits === DECLINED_CARD ? 'declined' : 'paid' };
}
