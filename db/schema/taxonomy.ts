import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ALL_WRITES, versionTriggers } from './content-version-triggers.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** Dance class categories (Ballet, Contemporary, ...). */
export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const ageGroups = sqliteTable('age_groups', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const levels = sqliteTable('levels', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

/**
 * Dance styles (decision 0032): the style list used by courses, resources and the Connect & Book
 * directory; a style in use is hidden, not deleted.
 */
export const danceStyles = sqliteTable(
  'dance_styles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('dance_styles_name_unique').on(sql`lower(${t.name})`), uniqueIndex('dance_styles_slug_unique').on(t.slug)],
);


/** The course styles, age groups and levels show in the catalog; the dance styles in the directory. */
export const taxonomyVersionTriggers = versionTriggers(
  { table: categories, scopes: ['catalog'], events: ALL_WRITES },
  { table: ageGroups, scopes: ['catalog'], events: ALL_WRITES },
  { table: levels, scopes: ['catalog'], events: ALL_WRITES },
  { table: danceStyles, scopes: ['connect'], events: ALL_WRITES },
);
