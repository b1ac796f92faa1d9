import { renderer } from 'drx-page-renderer';
import type { CatalogCourse } from '../../shared/catalog-freshness.ts';

/**
 * A worker that renders a course page with the build's page renderer (decision 0020), bundled by
 * wrangler with the same alias as the app: proof the site's Astro components render in workerd.
 */
export default {
  async fetch(request: Request): Promise<Response> {
    if (!renderer) return new Response('no renderer', { status: 500 });
    const course = (await request.json()) as CatalogCourse;
    return renderer.render('course', new Request(new URL(`/courses/${course.id}`, request.url)), { course });
  },
};
