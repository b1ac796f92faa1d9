import { whenIdle } from './dom.ts';
import { enablePreview, repairImages } from './course-media.ts';
import { showLearnerState } from './learner-action.ts';

// A course page (built or rendered by the server): the preview plays on request, a broken image
// shows the placeholder, and an enrolled learner sees Continue (or Review) instead of Enrol.
whenIdle(() => {
  void showLearnerState(document);
  repairImages(document);
  for (const root of document.querySelectorAll<HTMLElement>('[data-island="preview-video"]')) enablePreview(root);
});
