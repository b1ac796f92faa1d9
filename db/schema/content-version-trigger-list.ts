import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { triggersOf, isVersionTriggerSet, type ContentVersionTrigger } from './content-version-triggers.ts';
import * as schema from './index.ts';
import {
  ageGroups,
  availabilityOverrides,
  availabilityRules,
  bookings,
  categories,
  certificates,
  certificateTemplates,
  communityPosts,
  communityTotals,
  contentVersions,
  courseReviews,
  courses,
  danceStyles,
  instructorProfiles,
  instructorReviews,
  instructorStyles,
  lessonPackages,
  lessons,
  lessonTypes,
  levels,
  modules,
  quizQuestions,
  quizzes,
  resourceCategories,
  resourceFiles,
  resourceReviews,
  resources,
  roles,
  sellerProfiles,
  sessions,
  statTotals,
  subscriptionPlans,
  userRoles,
  users,
  type ContentScope,
  type VersionScope,
} from './index.ts';

/**
 * Every content-version trigger the schema declares (decision 0051), gathered from the schema's
 * exports: a schema file's `versionTriggers(…)` counts as soon as index.ts exports the file.
 */
export const CONTENT_VERSION_TRIGGERS: readonly ContentVersionTrigger[] = Object.values(schema)
  .filter(isVersionTriggerSet)
  .flatMap((set) => set.declarations.flatMap(triggersOf));

/**
 * The tables the answers kept under each version read (decisions 0021, 0051): a write to any of
 * them must move that version, so each has a declared trigger for it, and every declared trigger
 * watches a table listed here. `accounts` keeps the signed-in sessions' own answers (GET /api/me)
 * for a moment. db/schema/content-version-triggers.test.ts checks the list against the triggers
 * and against the statements the public reads send.
 */
export const VERSIONED_READS: Readonly<Record<VersionScope, readonly SQLiteTable[]>> = {
  // Age groups and levels are reference lists no answer reads today; their triggers are kept.
  catalog: [courses, modules, lessons, quizzes, quizQuestions, categories, ageGroups, levels, users, userRoles, courseReviews],
  certificates: [certificates, certificateTemplates, courses, users],
  store: [resources, resourceFiles, resourceReviews, resourceCategories, sellerProfiles, users, communityPosts],
  plans: [subscriptionPlans],
  connect: [danceStyles, instructorProfiles, instructorStyles, lessonTypes, lessonPackages, instructorReviews, availabilityRules, availabilityOverrides, users, communityPosts],
  accounts: [users, userRoles, sessions],
};

export interface UnversionedRead {
  table: SQLiteTable;
  scopes: readonly ContentScope[];
  /** Why a write to it need not move the version. */
  reason: string;
}

/**
 * Tables the public answers read whose writes deliberately move no version. Counters that move
 * with ordinary use (learners, sales, downloads, ratings: decision 0040) are columns of versioned
 * tables, left out of their triggers' columns; cached answers show them at most a minute old.
 */
export const UNVERSIONED_READS: readonly UnversionedRead[] = [
  {
    table: contentVersions,
    scopes: ['catalog', 'certificates', 'store', 'plans', 'connect'],
    reason: 'the versions themselves: the cache reads them to key its answers',
  },
  {
    table: roles,
    scopes: ['catalog'],
    reason: 'role names are reference data written by migrations; a role given or taken is a user_roles write, which moves the version',
  },
  {
    table: statTotals,
    scopes: ['store'],
    reason: 'running totals (how many resources a store facet lists) kept by triggers from resources, whose listing changes move the version',
  },
  {
    table: communityTotals,
    scopes: ['store', 'connect'],
    reason: "a public page's question counts, running totals kept by triggers from community_posts, whose writes on the page's target move the version",
  },
  {
    table: bookings,
    scopes: ['connect'],
    reason: 'a review shows the title of its lesson, copied onto the booking when it was made; bookings move with ordinary use',
  },
];
