import { whenIdle } from './dom.ts';
import { repairAvatars, repairImages } from './course-media.ts';

// An instructor's pages (rendered by the server): broken course images show the placeholder and
// a broken profile picture the initials.
whenIdle(() => {
  repairImages(document);
  repairAvatars(document);
});
