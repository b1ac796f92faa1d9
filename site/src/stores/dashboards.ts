import { atom } from 'nanostores';
import type { AdminDashboard } from '../../../shared/dashboards/admin.ts';
import type { AreaSummary } from '../../../shared/dashboards/areas.ts';
import type { InstructorDashboard } from '../../../shared/dashboards/instructor.ts';
import type { LearnerDashboard } from '../../../shared/dashboards/learner.ts';
import { DASHBOARD_WINDOWS, type DashboardWindow } from '../../../shared/dashboards/window.ts';
import { api, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { daysParamOf } from '../lib/days-param.ts';
import { loadMessage } from './admin-store.ts';
import { bind, toLoadable, type Loadable } from './query.ts';

/**
 * The dashboards' figures: the admin's (a window of 30, 90 or 365 days), the
 * learner's, the multi-dashboard's areas and the instructor's sessions and earnings. Islands read
 * these stores with useStore and load them through the actions below; every read goes through the
 * query layer (decision 0018).
 */

export type { AdminDashboard, AreaSummary, DashboardWindow, InstructorDashboard, LearnerDashboard };
export { DASHBOARD_WINDOWS };

export const dashboardKeys = {
  admin: (days: DashboardWindow) => keyOf(api.admin.dashboard, { query: { days: String(days) } }),
  learner: keyOf(api.me.dashboard),
  areas: keyOf(api.me.areas),
  instructor: keyOf(api.instructor.dashboard),
} as const;

export const $adminDashboardDays = atom<DashboardWindow>(30);
export const $adminDashboard = atom<Loadable<AdminDashboard>>({ status: 'idle' });
export const $learnerDashboard = atom<Loadable<LearnerDashboard>>({ status: 'idle' });
export const $areas = atom<Loadable<AreaSummary[]>>({ status: 'idle' });
export const $instructorDashboard = atom<Loadable<InstructorDashboard>>({ status: 'idle' });

/** The window from the address (?days=), 30 unless it names another of the windows. */
export function dashboardDaysOf(search: string): DashboardWindow {
  return daysParamOf(search, DASHBOARD_WINDOWS);
}

/** GET /api/admin/dashboard?days=. */
export async function loadAdminDashboard(days: DashboardWindow = $adminDashboardDays.get()): Promise<void> {
  $adminDashboardDays.set(days);
  const key = dashboardKeys.admin(days);
  await bind<KeyAnswer<typeof key>, Loadable<AdminDashboard>>($adminDashboard, key, (value) =>
    toLoadable(value, (d) => d, (error) => loadMessage(error, 'the dashboard')),
  );
}

/** GET /api/me/dashboard. */
export async function loadLearnerDashboard(): Promise<void> {
  await bind<KeyAnswer<typeof dashboardKeys.learner>, Loadable<LearnerDashboard>>($learnerDashboard, dashboardKeys.learner, (value) =>
    toLoadable(value, (d) => d, (error) => loadMessage(error, 'your dashboard')),
  );
}

/** GET /api/me/areas. */
export async function loadAreas(): Promise<void> {
  await bind<KeyAnswer<typeof dashboardKeys.areas>, Loadable<AreaSummary[]>>($areas, dashboardKeys.areas, (value) =>
    toLoadable(value, (d) => d.areas, (error) => loadMessage(error, 'your figures')),
  );
}

/** GET /api/instructor/dashboard. */
export async function loadInstructorDashboard(): Promise<void> {
  await bind<KeyAnswer<typeof dashboardKeys.instructor>, Loadable<InstructorDashboard>>($instructorDashboard, dashboardKeys.instructor, (value) =>
    toLoadable(value, (d) => d, (error) => loadMessage(error, 'your sessions')),
  );
}
