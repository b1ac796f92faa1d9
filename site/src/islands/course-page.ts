import { enablePreview, repairImages } from './course-dom.ts';
import { whenIdle } from './dom.ts';

// A pre-rendered course page: the preview plays on request, and a broken image shows the placeholder.
whenIdle(() => {
  repairImages(document);
  for (const root of document.querySelectorAll<HTMLElement>('[data-island="preview-video"]')) enablePreview(root);
});
