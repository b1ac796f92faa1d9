import type { AreaKey } from '../../worker/src/domain/dashboard-areas.ts';

/** What the API answers and the site reads of worker/src/services/dashboards/areas.ts (decision 0054). */

/**
 * /multi-dashboard's live figures (GET /api/me/areas): for each area the signed-in person's roles
 * open (domain/dashboard-areas.ts), one or two of its figures, read from the database: counts by
 * index, learner counts from the courses' counters, platform-wide figures from the running totals
 * (decision 0039).
 */

export interface AreaFigure {
  label: string;
  value: number;
  /** How the value is written: a count, or cents of money. */
  unit: 'count' | 'cents';
}

export interface AreaSummary {
  key: AreaKey;
  figures: AreaFigure[];
}
