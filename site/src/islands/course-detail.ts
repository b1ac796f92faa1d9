import { pathId } from '../lib/catalog.ts';
import { $courseDetail, loadCourseDetail } from '../stores/catalog.ts';
import { courseOverview, errorMessage, loadingMessage, notFoundMessage } from './course-dom.ts';
import { mountWhenIdle } from './dom.ts';
import { showLearnerState } from './learner-action.ts';

/**
 * The course page shell (/courses/_/): the server serves it for a course published or changed
 * since the build (decision 0007); it renders the page from `GET /api/courses/{id}`.
 */
function mountCourseDetail(root: HTMLElement): void {
  const id = pathId(location.pathname, 1);
  $courseDetail.subscribe((state) => {
    if (state.status === 'loading') root.replaceChildren(loadingMessage('Loading course...'));
    else if (state.status === 'not-found')
      root.replaceChildren(notFoundMessage('Course not found', 'This course does not exist or is no longer offered.', { href: '/courses', label: 'Browse courses' }));
    else if (state.status === 'error') root.replaceChildren(errorMessage(state.message, () => void loadCourseDetail(id)));
    else {
      document.title = `${state.data.title} · DRX`;
      root.replaceChildren(courseOverview(state.data));
      void showLearnerState(root);
    }
  });
  void loadCourseDetail(id);
}

mountWhenIdle('[data-island="course-detail"]', mountCourseDetail);
