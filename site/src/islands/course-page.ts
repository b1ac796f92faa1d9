import { onSession, whenIdle, wireWhenIdle } from './dom.ts';
import { enablePreview, repairImages } from './course-media.ts';

// A course page (built or rendered by the server): the preview plays on request, a broken image
// shows the placeholder, a paid course can be added to the cart or bought at once, and an enrolled
// learner sees Continue (or Review) instead of Enrol.
// A paid course: Add to Cart and Buy now (an enrolled learner's Continue replaces them below).
const purchase = document.querySelector<HTMLElement>('[data-course-cta][data-purchase-actions]');
if (purchase) {
  const { courseId, courseTitle, priceCents, courseImage } = purchase.dataset;
  wireWhenIdle(purchase, '[data-add-to-cart]', () =>
    import('./checkout-cart-actions.ts').then(({ wirePurchaseActions }) =>
      wirePurchaseActions(purchase, { id: Number(courseId), title: courseTitle ?? '', price_cents: Number(priceCents), image_url: courseImage || null }),
    ),
  );
}

whenIdle(() => {
  // The learner's state (Continue or Review, a plan's gate giving way) needs the account: its code
  // loads for a session only, or once someone signs in on this page (decision 0023). A visitor's
  // page stays as the server rendered it; a plan's gate there only needs its button wired.
  const showLearner = () => void import('./learner-action.ts').then(({ showLearnerState }) => showLearnerState(document));
  if (!onSession(showLearner) && document.querySelector('[data-upgrade-required]')) {
    void import('./course-plan-gate.ts').then(({ wireRenderedGates }) => wireRenderedGates(document));
  }
  repairImages(document);
  for (const root of document.querySelectorAll<HTMLElement>('[data-island="preview-video"]')) enablePreview(root);
});
