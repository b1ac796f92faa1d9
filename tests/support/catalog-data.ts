import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { categories, courses, lessons, modules } from '../../db/schema/index.ts';
import type { Db } from '../../worker/src/platform/db.ts';

export interface CatalogCourseOptions {
  title?: string;
  description?: string;
  priceCents?: number;
  status?: 'draft' | 'published' | 'archived';
  instructorId?: number | null;
  category?: string | null;
  difficultyLevel?: 'beginner' | 'intermediate' | 'advanced';
  createdAt?: string;
  modules?: { title: string; lessons: { title: string; type?: 'text' | 'video' | 'quiz' }[] }[];
}

/**
 * A course with its modules and lessons, written straight to the database, for the catalog's
 * tests (the course API has its own factories). Titles are unique unless given.
 */
export async function insertCatalogCourse(db: Db, options: CatalogCourseOptions = {}) {
  let categoryId: number | null = null;
  if (options.category !== null) {
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.name, options.category ?? 'Ballet'));
    categoryId = row?.id ?? null;
  }
  const [course] = await db
    .insert(courses)
    .values({
      title: options.title ?? `Course ${randomBytes(4).toString('hex')}`,
      description: options.description ?? 'A course about dancing, with care.',
      priceCents: options.priceCents ?? 0,
      status: options.status ?? 'published',
      instructorId: options.instructorId ?? null,
      categoryId,
      difficultyLevel: options.difficultyLevel ?? 'beginner',
      ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
    })
    .returning();
  const outline = options.modules ?? [{ title: 'Foundations', lessons: [{ title: 'Warm-up' }, { title: 'First steps', type: 'video' as const }] }];
  for (const [i, m] of outline.entries()) {
    const [mod] = await db.insert(modules).values({ courseId: course!.id, title: m.title, position: i + 1 }).returning();
    if (m.lessons.length > 0) {
      await db
        .insert(lessons)
        .values(m.lessons.map((l, j) => ({ moduleId: mod!.id, title: l.title, type: l.type ?? 'text', position: j + 1, content: 'Content' })));
    }
  }
  return course!;
}
