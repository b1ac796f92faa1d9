import { atom, computed } from 'nanostores';
import type { CouponPage, CouponView } from '../../../shared/coupons.ts';
import type { AdminOrderDetail, AdminOrderPage, RefundView } from '../../../shared/orders.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { api, call, keyOf, type Answer, type KeyAnswer } from '../lib/api-client.ts';
import type { InferRequestType } from 'hono/client';
import { parseAmount } from '../lib/currency.ts';
import { pageParams, tokenFromAddress, tokenInAddress, tokenTo, type PageToken } from '../lib/keyset-pages.ts';
import { bindLoadable, debounced, invalidate, loaded, read, setCached, startingWith, unbind, type Loadable } from './query.ts';
import { exportHref } from './csv-export.ts';
import { toast } from './toasts.ts';

/**
 * The admin's commerce data (decisions 0024 and 0026): coupons (/admin/coupons) and orders with their refunds
 * (/admin/orders). Islands read these stores with useStore and change them through the actions.
 */

export type { AdminOrderDetail, AdminOrderPage, CouponPage, CouponView, RefundView };
export type AdminOrderRow = AdminOrderPage['data'][number];
export type OrderStatus = AdminOrderRow['status'];
/** The statuses of an order (db/schema/commerce.ts; repeated here so the page does not load the schema). */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded', 'partially_refunded'] as const satisfies readonly OrderStatus[];

function errorState(error: unknown, notFound = false): { message: string; notFound: boolean } {
  const { title, message } = describeError(error);
  return { message: title === message ? title : `${title}. ${message}`, notFound };
}

/** The message to show for a failed change: the API's own for a refusal, else the generic one. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  return describeError(error).title;
}

const SEARCH_DEBOUNCE_MS = 300;

/** Shown wherever money appears while the test provider is in use. */
export const TEST_MODE_LABEL = 'Test mode — no card is charged';

function replaceQuery(params: Record<string, string | number | undefined>): void {
  const url = new URL(location.href);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) url.searchParams.delete(key);
    else url.searchParams.set(key, String(value));
  }
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** Whether the test provider is in use (GET /api/payments/mode). */
export const $paymentTestMode = atom(false);

export async function loadPaymentMode(): Promise<void> {
  try {
    const key = keyOf(api.payments.mode);
    $paymentTestMode.set((await read<KeyAnswer<typeof key>>(key)).testMode);
  } catch {
    // unknown: no label rather than a wrong one
  }
}

// ---------------------------------------------------------------------------------------------
// Order statuses

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

export function statusBadgeClass(status: OrderStatus): string {
  if (status === 'paid') return 'badge badge-success';
  if (status === 'pending' || status === 'partially_refunded') return 'badge badge-warning';
  if (status === 'refunded') return 'badge badge-primary';
  return 'badge badge-danger';
}

const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------
// Orders list

export const ORDERS_PAGE_SIZE = 20;

export interface OrdersQuery {
  q: string;
  status: OrderStatus | '';
  from: string;
  to: string;
  buyerId: string;
  page: number;
}

const EMPTY_ORDERS_QUERY: OrdersQuery = { q: '', status: '', from: '', to: '', buyerId: '', page: 1 };

export const $ordersQuery = atom<OrdersQuery>(EMPTY_ORDERS_QUERY);
export const $ordersList = atom<Loadable<AdminOrderPage>>({ status: 'idle' });
export const $ordersPageCount = computed($ordersList, (s) =>
  s.status === 'ready' ? Math.max(1, Math.ceil(s.data.total / (s.data.pageSize || ORDERS_PAGE_SIZE))) : 1,
);

/** The filters as API query parameters (trimmed; empty ones left out). */
export function orderFilterParams(query: OrdersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.buyerId) params.set('buyerId', query.buyerId);
  return params;
}

/** The CSV export of the orders the filters select (the link carries them). */
export function ordersExportHref(query: OrdersQuery): string {
  const params = orderFilterParams(query).toString();
  return `/api/admin/orders/export.csv${params ? `?${params}` : ''}`;
}
export const $ordersExportHref = computed($ordersQuery, ordersExportHref);

/** The token of the page asked for, when it is next to the one shown (lib/keyset-pages.ts). */
let ordersToken: PageToken | undefined;
const ordersSearch = debounced(SEARCH_DEBOUNCE_MS);

async function fetchOrders(): Promise<void> {
  const query = $ordersQuery.get();
  const key = keyOf(api.admin.orders, {
    query: { ...Object.fromEntries(orderFilterParams(query)), ...pageParams(query.page, ordersToken), pageSize: String(ORDERS_PAGE_SIZE) },
  });
  await bindLoadable($ordersList, key, { failed: (error) => errorState(error) });
}

function writeOrdersUrl(): void {
  const { q, status, from, to, buyerId, page } = $ordersQuery.get();
  replaceQuery({ q: q.trim(), status, from, to, buyerId, page, ...tokenInAddress(page, ordersToken) });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Starts the list from the address (?q=, ?status=, ?from=, ?to=, ?buyerId=, ?page=). */
export function initOrdersList(): void {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page'));
  const status = params.get('status') ?? '';
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const buyerId = params.get('buyerId') ?? '';
  $ordersQuery.set({
    q: params.get('q') ?? '',
    status: isStatus(status) ? status : '',
    from: day('from'),
    to: day('to'),
    buyerId: /^[1-9]\d{0,14}$/.test(buyerId) ? buyerId : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  });
  ordersToken = tokenFromAddress(params, $ordersQuery.get().page);
  void fetchOrders();
}

/** Typing in the search box: the box follows at once, the list and the address after a pause. */
export function setOrdersSearch(q: string): void {
  $ordersQuery.set({ ...$ordersQuery.get(), q, page: 1 });
  ordersSearch.run(() => {
    writeOrdersUrl();
    void fetchOrders();
  });
}

/** Status, dates or buyer: the list and the address follow at once. */
export function setOrdersFilter(change: Partial<Omit<OrdersQuery, 'q' | 'page'>>): void {
  ordersSearch.cancel();
  $ordersQuery.set({ ...$ordersQuery.get(), ...change, page: 1 });
  writeOrdersUrl();
  void fetchOrders();
}

export function clearOrdersFilters(): void {
  ordersSearch.cancel();
  $ordersQuery.set(EMPTY_ORDERS_QUERY);
  writeOrdersUrl();
  void fetchOrders();
}

export function setOrdersPage(page: number): void {
  ordersSearch.cancel();
  ordersToken = tokenTo(page, loaded($ordersList.get()));
  $ordersQuery.set({ ...$ordersQuery.get(), page });
  writeOrdersUrl();
  void fetchOrders();
}

export function reloadOrders(): void {
  void fetchOrders();
}

// ---------------------------------------------------------------------------------------------
// One order and its refunds

export const $orderDetail = atom<Loadable<AdminOrderDetail>>({ status: 'idle' });
export const $refundPending = atom(false);
export const $refundError = atom<string | null>(null);

/** Reads the id from /admin/orders/{id}. */
export function orderIdFromPath(pathname: string): string {
  const match = /^\/admin\/orders\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

export async function loadOrderDetail(idParam: string): Promise<void> {
  $refundError.set(null);
  if (!/^[1-9]\d{0,15}$/.test(idParam)) {
    unbind($orderDetail);
    $orderDetail.set({ status: 'error', message: 'Order not found', notFound: true });
    return;
  }
  await bindLoadable($orderDetail, keyOf(api.admin.orders[':id'], { param: { id: idParam } }), {
    failed: (error) => (error instanceof ApiError && error.status === 404 ? { message: 'Order not found', notFound: true } : errorState(error)),
  });
}

/** Dollars typed by the admin ("12.50", "$12.50") as integer cents; null when not a positive amount. */
export function centsOf(dollars: string): number | null {
  const amount = parseAmount(dollars);
  if (amount === null || !Number.isFinite(amount)) return null;
  const cents = Math.round(amount * 100);
  return cents > 0 ? cents : null;
}

/** What a line may still give back: its price paid, unless it was refunded already. */
export function lineRefundableCents(line: AdminOrderDetail['items'][number]): number {
  return line.revoked ? 0 : Math.max(0, line.totalCents - line.refundedCents);
}

export async function refundOrder(request: { amountCents: number; orderItemIds: number[]; reason: string }): Promise<boolean> {
  const state = $orderDetail.get();
  if (state.status !== 'ready' || $refundPending.get()) return false;
  $refundPending.set(true);
  $refundError.set(null);
  try {
    const param = { id: String(state.data.id) };
    const result = await call(
      api.admin.orders[':id'].refunds.$post({
        param,
        json: {
          amountCents: request.amountCents,
          ...(request.orderItemIds.length > 0 ? { orderItemIds: request.orderItemIds } : {}),
          ...(request.reason.trim() ? { reason: request.reason.trim() } : {}),
        },
      }),
    );
    // the order shown is the refund's answer; the lists are stale
    const orderKey = keyOf(api.admin.orders[':id'], { param });
    const changed = startingWith('/api/admin/orders', '/api/orders');
    invalidate((key) => key !== orderKey && changed(key));
    setCached(orderKey, result.order);
    const pending = result.refund.status === 'pending';
    toast({
      title: pending ? 'Refund requested' : 'Refund made',
      description: pending
        ? 'The payment provider is processing it; the order updates when it confirms.'
        : `The order is now ${ORDER_STATUS_LABELS[result.order.status].toLowerCase()}.`,
      variant: 'default',
    });
    return true;
  } catch (error) {
    const message = failureMessage(error);
    $refundError.set(message);
    toast({ title: 'Refund failed', description: message, variant: 'destructive' });
    return false;
  } finally {
    $refundPending.set(false);
  }
}

// ---------------------------------------------------------------------------------------------
// Coupons

export const COUPONS_PAGE_SIZE = 50;

export const $couponsQuery = atom<{ q: string; page: number }>({ q: '', page: 1 });
export const $couponsList = atom<Loadable<CouponPage>>({ status: 'idle' });
export const $couponsPageCount = computed($couponsList, (s) =>
  s.status === 'ready' ? Math.max(1, Math.ceil(s.data.total / (s.data.pageSize || COUPONS_PAGE_SIZE))) : 1,
);
/** The CSV export of the coupons the search selects (every page). */
export const $couponsExportHref = computed($couponsQuery, ({ q }) => exportHref('/api/admin/coupons/export.csv', { q }));

const couponsSearch = debounced(SEARCH_DEBOUNCE_MS);

async function fetchCoupons(): Promise<void> {
  const { q, page } = $couponsQuery.get();
  const key = keyOf(api.admin.coupons, { query: { page: String(page), pageSize: String(COUPONS_PAGE_SIZE), q: q.trim() || undefined } });
  await bindLoadable($couponsList, key, { failed: (error) => errorState(error) });
}

export function initCouponsList(): void {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page'));
  $couponsQuery.set({ q: params.get('q') ?? '', page: Number.isInteger(page) && page > 1 ? page : 1 });
  void fetchCoupons();
}

export function setCouponsSearch(q: string): void {
  $couponsQuery.set({ q, page: 1 });
  couponsSearch.run(() => {
    replaceQuery({ q: q.trim(), page: 1 });
    void fetchCoupons();
  });
}

export function setCouponsPage(page: number): void {
  couponsSearch.cancel();
  $couponsQuery.set({ ...$couponsQuery.get(), page });
  replaceQuery({ q: $couponsQuery.get().q.trim(), page });
  void fetchCoupons();
}

export function reloadCoupons(): void {
  void fetchCoupons();
}

export const COUPON_STATE_LABELS: Record<CouponView['state'], string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  inactive: 'Inactive',
};

export type CouponItemKind = 'COURSE' | 'RESOURCE' | 'SUBSCRIPTION' | 'BOOKING';
export const COUPON_KIND_LABELS: Record<CouponItemKind, string> = {
  COURSE: 'Courses',
  RESOURCE: 'Resources',
  SUBSCRIPTION: 'Subscriptions',
  BOOKING: 'Bookings',
};

/** The coupon form as typed: amounts in dollars, dates as days. */
export interface CouponForm {
  code: string;
  description: string;
  discountType: 'percent' | 'fixed';
  percentOff: string;
  amountOff: string;
  appliesToKinds: CouponItemKind[];
  items: { kind: CouponItemKind; itemId: number; title: string }[];
  startsOn: string;
  endsOn: string;
  maxRedemptions: string;
  perUserLimit: string;
  minOrder: string;
  active: boolean;
}

export const emptyCouponForm = (): CouponForm => ({
  code: '',
  description: '',
  discountType: 'percent',
  percentOff: '',
  amountOff: '',
  appliesToKinds: [],
  items: [],
  startsOn: '',
  endsOn: '',
  maxRedemptions: '',
  perUserLimit: '',
  minOrder: '',
  active: true,
});

const dayOf = (iso: string) => iso.slice(0, 10);
function shiftDay(day: string, by: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + by);
  return d.toISOString().slice(0, 10);
}
const dollarsText = (cents: number) => (cents / 100).toFixed(2);

export function formOfCoupon(c: CouponView): CouponForm {
  return {
    code: c.code,
    description: c.description,
    discountType: c.discountType,
    percentOff: c.percentOff === null ? '' : String(c.percentOff),
    amountOff: c.amountOffCents === null ? '' : dollarsText(c.amountOffCents),
    appliesToKinds: (c.appliesToKinds ?? []) as CouponItemKind[],
    items: (c.appliesToItems ?? []).map((i) => ({ kind: i.kind as CouponItemKind, itemId: i.itemId, title: i.title ?? `#${i.itemId}` })),
    startsOn: c.startsAt ? dayOf(c.startsAt) : '',
    // Stored as the moment it stops (the next day's start, UTC); shown as the last valid day.
    endsOn: c.endsAt ? shiftDay(dayOf(c.endsAt), -1) : '',
    maxRedemptions: c.maxRedemptions === null ? '' : String(c.maxRedemptions),
    perUserLimit: c.perUserLimit === null ? '' : String(c.perUserLimit),
    minOrder: c.minOrderCents ? dollarsText(c.minOrderCents) : '',
    active: c.active,
  };
}

export type CouponFormErrors = Partial<Record<keyof CouponForm, string>>;

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The API body of the form, or the problems found before sending it. The server checks again. */
/** The body of POST /api/admin/coupons (and of its PATCH). */
export type CouponBody = InferRequestType<typeof api.admin.coupons.$post>['json'];

export function couponBodyOf(form: CouponForm): { body: CouponBody } | { errors: CouponFormErrors } {
  const errors: CouponFormErrors = {};
  const code = form.code.trim().toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9_-]{2,31}$/.test(code)) errors.code = 'The code must be 3 to 32 letters, digits, - or _, starting with a letter or digit.';
  let percentOff: number | null = null;
  let amountOffCents: number | null = null;
  if (form.discountType === 'percent') {
    percentOff = wholeNumber(form.percentOff);
    if (!(percentOff >= 1 && percentOff <= 100)) errors.percentOff = 'Enter a percentage from 1 to 100.';
  } else {
    amountOffCents = centsOf(form.amountOff);
    if (amountOffCents === null) errors.amountOff = 'Enter an amount greater than $0.00.';
  }
  const limit = (text: string, key: 'maxRedemptions' | 'perUserLimit', label: string) => {
    if (!text.trim()) return null;
    const n = wholeNumber(text);
    if (!(n >= 1)) errors[key] = `${label} must be a whole number of at least 1.`;
    return n;
  };
  const maxRedemptions = limit(form.maxRedemptions, 'maxRedemptions', 'Total limit');
  const perUserLimit = limit(form.perUserLimit, 'perUserLimit', 'Per-user limit');
  let minOrderCents = 0;
  if (form.minOrder.trim()) {
    const amount = parseAmount(form.minOrder);
    if (amount === null || amount < 0) errors.minOrder = 'Enter a minimum order of $0.00 or more.';
    else minOrderCents = Math.round(amount * 100);
  }
  if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) errors.endsOn = 'The end date must be after the start date.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      code,
      description: form.description.trim(),
      discountType: form.discountType,
      percentOff,
      amountOffCents,
      appliesToKinds: form.appliesToKinds.length > 0 ? form.appliesToKinds : null,
      appliesToItems: form.items.length > 0 ? form.items.map(({ kind, itemId }) => ({ kind, itemId })) : null,
      startsAt: form.startsOn ? `${form.startsOn}T00:00:00.000Z` : null,
      endsAt: form.endsOn ? `${shiftDay(form.endsOn, 1)}T00:00:00.000Z` : null,
      maxRedemptions,
      perUserLimit,
      minOrderCents,
      active: form.active,
    },
  };
}

/** Server field names → form field names, for its validation messages. */
const FORM_FIELD_OF: Record<string, keyof CouponForm> = {
  code: 'code',
  description: 'description',
  discountType: 'discountType',
  percentOff: 'percentOff',
  amountOffCents: 'amountOff',
  appliesToKinds: 'appliesToKinds',
  appliesToItems: 'items',
  startsAt: 'startsOn',
  endsAt: 'endsOn',
  maxRedemptions: 'maxRedemptions',
  perUserLimit: 'perUserLimit',
  minOrderCents: 'minOrder',
};

export type SaveCouponResult = { ok: true; coupon: CouponView } | { ok: false; message: string; errors: CouponFormErrors };

export async function saveCoupon(form: CouponForm, id: number | null): Promise<SaveCouponResult> {
  const checked = couponBodyOf(form);
  if ('errors' in checked) return { ok: false, message: 'Please correct the highlighted fields.', errors: checked.errors };
  try {
    const coupon = await call(
      id === null ? api.admin.coupons.$post({ json: checked.body }) : api.admin.coupons[':id'].$patch({ param: { id: String(id) }, json: checked.body }),
    );
    invalidate(startingWith('/api/admin/coupons'));
    void fetchCoupons();
    toast({ title: id === null ? 'Coupon created' : 'Coupon saved', description: `${coupon.code}: ${coupon.summary}.`, variant: 'default' });
    return { ok: true, coupon };
  } catch (error) {
    const errors: CouponFormErrors = {};
    if (error instanceof ApiError) {
      for (const [field, messages] of Object.entries(error.validationErrors ?? {})) {
        const key = FORM_FIELD_OF[field.split('.')[0]!];
        if (key && messages[0]) errors[key] = messages[0];
      }
      if (error.status === 409) errors.code = error.message;
    }
    return { ok: false, message: failureMessage(error), errors };
  }
}

export async function deactivateCoupon(coupon: CouponView): Promise<boolean> {
  try {
    await call(api.admin.coupons[':id'].deactivate.$post({ param: { id: String(coupon.id) } }));
    invalidate(startingWith('/api/admin/coupons'));
    void fetchCoupons();
    toast({ title: 'Coupon deactivated', description: `${coupon.code} no longer applies at checkout.`, variant: 'default' });
    return true;
  } catch (error) {
    toast({ title: 'Failed to deactivate coupon', description: failureMessage(error), variant: 'destructive' });
    return false;
  }
}

/** Courses for the "applies to" picker: the admin's course list, searched by title. */
export async function searchCourses(q: string): Promise<Answer<typeof api.courses.$get>['data']> {
  // page has a default on the server, which the client's type does not know
  const query = { scope: 'manage', pageSize: '20', q: q.trim() || undefined } as InferRequestType<typeof api.courses.$get>['query'];
  const page = await call(api.courses.$get({ query }));
  return page.data;
}
