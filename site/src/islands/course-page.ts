import { whenIdle } from './dom.ts';
import { enablePreview, repairImages } from './course-media.ts';
import { showLearnerState } from './learner-action.ts';

// A course page (built or rendered by the server): the preview plays on request, a broken image
// shows the placeholder, a paid course can be added to the cart or bought at once, and an enrolled
// learner sees Continue (or Review) instead of Enrol.
whenIdle(() => {
  // A paid course: Add to Cart and Buy now (an enrolled learner's Continue replaces them below).
  const purchase = document.querySelector<HTMLElement>('[data-course-cta][data-purchase-actions]');
  if (purchase) {
    const { courseId, courseTitle, priceCents, courseImage } = purchase.dataset;
    void import('./checkout-cart-actions.ts').then(({ wirePurchaseActions }) =>
      wirePurchaseActions(purchase, { id: Number(courseId), title: courseTitle ?? '', price_cents: Number(priceCents), image_url: courseImage || null }),
    );
  }
  void showLearnerState(document);
  repairImages(document);
  for (const root of document.querySelectorAll<HTMLElement>('[data-island="preview-video"]')) enablePreview(root);
});
