/**
 * Currency display: null or unparseable becomes $0.00; non-numeric characters are
 * stripped from strings; USD with two decimals by default. Money is integer cents everywhere
 * else in DRX: `formatCents` is the helper for those.
 */

export interface CurrencyOptions {
  /** ISO 4217 code; USD by default. */
  currency?: string;
  locale?: string;
  /** Decimals shown; two by default. */
  decimals?: number;
}

/** A number from what the server or a form gives: strings lose everything but digits, '.' and '-'. */
export function parseAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[^0-9.-]/g, '');
  if (!/[0-9]/.test(cleaned)) return null;
  const amount = Number.parseFloat(cleaned);
  return Number.isFinite(amount) ? amount : null;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, f);
  }
  return f;
}

/** `formatCurrency(29)` → '$29.00'; `formatCurrency('USD 1,234.5')` → '$1,234.50'; `formatCurrency(null)` → '$0.00'. */
export function formatCurrency(value: unknown, options: CurrencyOptions = {}): string {
  const { currency = 'USD', locale = 'en-US', decimals = 2 } = options;
  const amount = parseAmount(value) ?? 0;
  // -0 would print as "-$0.00"
  return formatter(currency, locale, decimals).format(amount === 0 ? 0 : amount);
}

/** Integer cents from the API: `formatCents(2900)` → '$29.00'. */
export function formatCents(cents: unknown, options: CurrencyOptions = {}): string {
  const amount = parseAmount(cents);
  return formatCurrency(amount === null ? null : amount / 100, options);
}
