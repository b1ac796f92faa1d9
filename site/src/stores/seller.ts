import { atom } from 'nanostores';
import type { SellerAnalytics, SellerDashboard } from '../../../shared/store/seller-analytics.ts';
import type { NotificationView } from '../../../shared/notifications.ts';
import type { SellerProfileView, SellerStore } from '../../../shared/store/views.ts';
import { ApiError } from '../lib/api.ts';
import { api, call, keyOf, type Answer, type KeyAnswer } from '../lib/api-client.ts';
import type { InferRequestType } from 'hono/client';
import { daysParamOf } from '../lib/days-param.ts';
import { changeMessage, loadMessage, type ChangeResult } from './admin-store.ts';
import { refreshUser } from './auth.ts';
import { bind, invalidate, setCached, startingWith, toLoadable, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The seller's own area: becoming a seller (the application and where it stands),
 * the dashboard's figures and notices, the analytics and the store settings. Resources are in
 * seller-resources.ts, money in seller-money.ts. Islands read these stores and call the actions.
 */

export type { SellerAnalytics, SellerDashboard, SellerProfileView, SellerStore, NotificationView };

export const sellerKeys = {
  profile: keyOf(api.sellers.me),
  dashboard: keyOf(api.seller.dashboard),
  resources: keyOf(api.seller.resources),
  notifications: keyOf(api.notifications),
  analytics: (days: number, page = 1) => keyOf(api.seller.analytics, { query: { days: String(days), ...(page > 1 ? { page: String(page) } : {}) } }),
  payments: (page: number) => keyOf(api.seller.payments, { query: { page: String(page) } }),
} as const;

/** Every read a seller's change can move: their own figures and lists, and the public store's reads. */
export function sellerWritten(): void {
  invalidate(
    startingWith(
      '/api/seller',
      sellerKeys.profile,
      sellerKeys.notifications,
      '/api/sellers',
      '/api/resources',
      '/api/curriculum',
      '/api/curriculum-all',
      '/api/my-resources',
      '/api/admin/store-stats',
      '/api/admin/sellers',
    ),
  );
}

/** A change with its toasts: 'Success' and what happened, or the destructive 'Error' with 'Failed to {what}: {message}'. */
export async function sellerChange<T>(call: () => Promise<T>, done: string | ((data: T) => string), failed: string): Promise<ChangeResult & { data?: T }> {
  try {
    const data = await call();
    sellerWritten();
    toast({ title: 'Success', description: typeof done === 'string' ? done : done(data) });
    return { ok: true, data };
  } catch (error) {
    const message = changeMessage(error);
    toast({ title: 'Error', description: `Failed to ${failed}: ${message}`, variant: 'destructive' });
    return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
  }
}

// ---------------------------------------------------------------------------------------------
// The application and the seller's profile

/** GET /api/sellers/me: the signed-in user's application or store; ready with null when they never applied (404). */
export const $sellerProfile = atom<Loadable<SellerProfileView | null>>({ status: 'idle' });

export async function loadSellerProfile(): Promise<void> {
  await bind<KeyAnswer<typeof sellerKeys.profile>, Loadable<SellerProfileView | null>>($sellerProfile, sellerKeys.profile, (value) => {
    if (value.error instanceof ApiError && value.error.status === 404 && !value.loading) return { status: 'ready', data: null };
    return toLoadable(value, (profile) => profile, (error) => loadMessage(error, 'your seller profile'));
  });
}

export const APPLICATION_SENT = 'Your application was sent. A curriculum admin will review it.';

/** The body of POST /api/sellers/apply, as its route reads it. */
export type SellerApplicationInput = InferRequestType<typeof api.sellers.apply.$post>['json'];
/** The body of PATCH /api/sellers/me. */
export type SellerSettingsInput = InferRequestType<typeof api.sellers.me.$patch>['json'];

/** POST /api/sellers/apply: a first application, or a new one after a rejection. */
export async function applyToSell(input: SellerApplicationInput): Promise<ChangeResult> {
  const result = await sellerChange(() => call(api.sellers.apply.$post({ json: input })), APPLICATION_SENT, 'send your application');
  if (result.ok && result.data) setCached(sellerKeys.profile, result.data);
  return result;
}

/** PATCH /api/sellers/me: the storefront's name, bio and logo. */
export async function saveStoreSettings(input: SellerSettingsInput): Promise<ChangeResult> {
  const result = await sellerChange(() => call(api.sellers.me.$patch({ json: input })), 'Your store settings were saved.', 'save your store settings');
  if (result.ok && result.data) setCached(sellerKeys.profile, result.data);
  return result;
}

/** An approved seller whose signed-in user still shows the roles of before the approval: read the user again. */
export function refreshRolesAfterApproval(profile: SellerProfileView | null, roles: readonly string[]): void {
  if (profile?.status === 'approved' && !roles.includes(profile.requested_role)) void refreshUser().catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Dashboard and notices

export const $sellerDashboard = atom<Loadable<SellerDashboard>>({ status: 'idle' });

/** GET /api/seller/dashboard. */
export async function loadSellerDashboard(): Promise<void> {
  await bind<KeyAnswer<typeof sellerKeys.dashboard>, Loadable<SellerDashboard>>($sellerDashboard, sellerKeys.dashboard, (value) =>
    toLoadable(value, (d) => d, (error) => loadMessage(error, 'your dashboard')),
  );
}

/** The notices and the unread count, as GET /api/notifications answers them. */
export type NotificationList = Answer<typeof api.notifications.$get>;

export const $notifications = atom<Loadable<NotificationList>>({ status: 'idle' });

/** GET /api/notifications: the signed-in user's notices, newest first. */
export async function loadNotifications(): Promise<void> {
  await bind<KeyAnswer<typeof sellerKeys.notifications>, Loadable<NotificationList>>($notifications, sellerKeys.notifications, (value) =>
    toLoadable(value, (list) => list, (error) => loadMessage(error, 'your notices')),
  );
}

/** POST /api/notifications/{id}/read (or read-all): the answer is the list, put in the cache as it is. */
export async function markNoticesRead(id?: number): Promise<boolean> {
  try {
    const list = await call(id === undefined ? api.notifications['read-all'].$post() : api.notifications[':id'].read.$post({ param: { id: String(id) } }));
    setCached(sellerKeys.notifications, list);
    return true;
  } catch (error) {
    toast({ title: 'Error', description: `Failed to mark the notice read: ${changeMessage(error)}`, variant: 'destructive' });
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Analytics

export const ANALYTICS_DAYS = [30, 90, 365] as const;
export type AnalyticsDays = (typeof ANALYTICS_DAYS)[number];

export const $analyticsDays = atom<AnalyticsDays>(30);
export const $sellerAnalytics = atom<Loadable<SellerAnalytics>>({ status: 'idle' });

/** GET /api/seller/analytics?days=&page=: the window's days, and a page of the resources' figures in it. */
export async function loadSellerAnalytics(days: AnalyticsDays = $analyticsDays.get(), page = 1): Promise<void> {
  $analyticsDays.set(days);
  const key = sellerKeys.analytics(days, page);
  await bind<KeyAnswer<typeof key>, Loadable<SellerAnalytics>>($sellerAnalytics, key, (value) =>
    toLoadable(value, (a) => a, (error) => loadMessage(error, 'your analytics')),
  );
}

/** The window from the address (?days=), 30 unless it names another of the windows. */
export function analyticsDaysOf(search: string): AnalyticsDays {
  return daysParamOf(search, ANALYTICS_DAYS);
}

// ---------------------------------------------------------------------------------------------
// The storefront as buyers see it (/my-store)

export const $myStorefront = atom<Loadable<SellerStore | null>>({ status: 'idle' });

/** GET /api/sellers/{id}: the public storefront; ready with null while it is not public (404: suspended). */
export async function loadMyStorefront(sellerId: number): Promise<void> {
  const key = keyOf(api.sellers[':id'], { param: { id: String(sellerId) } });
  await bind<KeyAnswer<typeof key>, Loadable<SellerStore | null>>($myStorefront, key, (value) => {
    if (value.error instanceof ApiError && value.error.status === 404 && !value.loading) return { status: 'ready', data: null };
    return toLoadable(value, (store) => store, (error) => loadMessage(error, 'your storefront'));
  });
}
