/**
 * The server entry our Astro adapter (site/server/adapter.ts) gives the build: it exposes the
 * on-demand pages of site/src/pages/rendered/ as a `PageRenderer` (decision 0020). The Node
 * bundle and the worker import the built module (build/astro/entry.mjs) and call it from the
 * site router; no request reaches Astro any other way.
 */
import { createApp } from 'astro/app/entrypoint';
import { PAGE_DATA_LOCAL, type PageRenderer, type RenderedPageName } from '../../worker/src/platform/page-renderer.ts';

const app = createApp({ streaming: false });

const PAGE_ROUTES: Record<RenderedPageName, string> = {
  'course-list': '/rendered/course-list',
  course: '/rendered/course',
  'course-enroll': '/rendered/course-enroll',
  'guest-enroll': '/rendered/guest-enroll',
  instructor: '/rendered/instructor',
  'instructor-courses': '/rendered/instructor-courses',
  verify: '/rendered/verify',
  profile: '/rendered/profile',
  'store-list': '/rendered/store-list',
  'store-resource': '/rendered/store-resource',
  'seller-store': '/rendered/seller-store',
  plans: '/rendered/plans',
  connect: '/rendered/connect',
};

export const renderer: PageRenderer = {
  async render(name, request, data) {
    const url = new URL(request.url);
    const routeData = app.match(new Request(new URL(PAGE_ROUTES[name], url)));
    if (!routeData) throw new Error(`No server-rendered page named ${name} in the build`);
    // Only the address is passed on: a rendered page never depends on who asked (it is cached).
    return app.render(new Request(url, { method: 'GET' }), { routeData, locals: { [PAGE_DATA_LOCAL]: data } });
  },
};

export default renderer;
