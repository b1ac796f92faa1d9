import type { CatalogCourse } from '../../../shared/catalog-freshness.ts';
import { mountWhenIdle, onSession, wireWhenIdle } from './dom.ts';

/**
 * /courses/{courseId}/enroll (components/CourseEnrollPage.astro, rendered by the server with the
 * course and a visitor's choices): writes nothing on load. A visitor's page stays as it came: its
 * Add to Cart (a paid course) and a plan's gate button work before anyone signs in. The actions of
 * a signed-in learner (islands/enroll-learner.ts) load for a session only, or once someone signs in
 * on this page (decision 0023).
 */
function mountEnrollCourse(root: HTMLElement): void {
  const course = JSON.parse(root.querySelector('script[data-enrol-course]')?.textContent ?? 'null') as CatalogCourse | null;
  if (!course) return;
  const showLearner = () => void import('./enroll-learner.ts').then(({ mountLearnerActions }) => mountLearnerActions(root, course));
  if (!onSession(showLearner) && root.querySelector('[data-upgrade-required]')) {
    void import('./course-plan-gate.ts').then(({ wireRenderedGates }) => wireRenderedGates(root));
  }
}

/** A paid course's Add to Cart, wired when idle or at its first click (dom.ts). */
function wireVisitorActions(root: HTMLElement): void {
  const visitorActions = root.querySelector<HTMLElement>('[data-enrol-actions] [data-purchase-actions]');
  const course = () => JSON.parse(root.querySelector('script[data-enrol-course]')?.textContent ?? 'null') as CatalogCourse | null;
  if (!visitorActions) return;
  wireWhenIdle(visitorActions, '[data-add-to-cart]', () =>
    import('./checkout-cart-actions.ts').then(({ wirePurchaseActions }) => {
      const paid = course();
      if (paid && paid.price_cents > 0) wirePurchaseActions(visitorActions, paid);
    }),
  );
}

for (const root of document.querySelectorAll<HTMLElement>('[data-island="enroll-course"]')) wireVisitorActions(root);
mountWhenIdle('[data-island="enroll-course"]', mountEnrollCourse);
