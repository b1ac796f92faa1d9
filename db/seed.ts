import type { Db } from '../worker/src/platform/db.ts';
import { ageGroups, categories, levels } from './schema/index.ts';

/** The enumerations of §3. */
export const DANCE_CATEGORIES = [
  'Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap', 'Ballroom', 'Latin', 'Folk', 'Modern', 'Swing', 'Breakdance', 'Other',
] as const;
export const AGE_GROUPS = [
  'All Ages', 'Toddler (2-4)', 'Children (5-8)', 'Pre-Teen (9-12)', 'Teen (13-17)', 'Adult (18+)', 'Senior (55+)',
] as const;
export const LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Professional', 'Mixed Levels'] as const;

/** Idempotent: inserts what is missing, changes nothing that exists. */
export async function seedTaxonomy(db: Db): Promise<void> {
  await db.batch([
    db.insert(categories).values(DANCE_CATEGORIES.map((name, position) => ({ name, position }))).onConflictDoNothing(),
    db.insert(ageGroups).values(AGE_GROUPS.map((name, position) => ({ name, position }))).onConflictDoNothing(),
    db.insert(levels).values(LEVELS.map((name, position) => ({ name, position }))).onConflictDoNothing(),
  ]);
}

export async function seedDatabase(db: Db): Promise<void> {
  await seedTaxonomy(db);
}
