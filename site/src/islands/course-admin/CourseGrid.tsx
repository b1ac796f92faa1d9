import { useStore } from '@nanostores/react';
import { countLabel } from '../../lib/plural.ts';
import { COURSE_ADMIN_TEXT } from '../../../../worker/src/domain/courses.ts';
import { formatCurrency } from '../../lib/currency.ts';
import { $courseList, COURSE_STATUS_LABELS, loadCourses, loaded, openDialog, selectCourse, type CourseStatus } from '../../stores/course-admin.ts';
import CourseImage from './CourseImage.tsx';

const STATUS_BADGE: Record<CourseStatus, string> = {
  published: 'badge badge-success',
  draft: 'badge badge-warning',
  archived: 'badge',
};

/** The 'All Courses' tab: the card grid with image, status, title, price, module count, description and actions. */
export default function CourseGrid() {
  const list = useStore($courseList);
  const courses = loaded(list);

  if (list.status === 'error' && !courses) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{list.message}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void loadCourses()}>
          Try again
        </button>
      </div>
    );
  }
  if (!courses) {
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {COURSE_ADMIN_TEXT.loading}
      </p>
    );
  }
  if (courses.length === 0) return <p className="ca-empty">{COURSE_ADMIN_TEXT.noCourses}</p>;

  return (
    <ul className="ca-grid" aria-busy={list.status === 'loading'} aria-label="Courses">
      {courses.map((course) => (
        <li key={course.id} className="card">
          <div className="ca-card-media">
            <CourseImage src={course.imageUrl} alt="" />
            <span className={STATUS_BADGE[course.status] ?? 'badge'}>{COURSE_STATUS_LABELS[course.status] ?? course.status}</span>
          </div>
          <div className="card-body">
            <h3 className="card-title">{course.title}</h3>
            <p className="ca-card-meta">
              <span className="ca-card-price">{formatCurrency(course.price)}</span>
              <span>{countLabel(course.moduleCount, 'module')}</span>
            </p>
            <p className="clamp-3 muted">{course.description}</p>
          </div>
          <div className="card-footer ca-card-actions">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => selectCourse(course.id)} aria-label={`Manage ${course.title}`}>
              Manage
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => openDialog({ kind: 'course', course })}
              disabled={!course.canManage}
              title={course.canManage ? undefined : 'Only the course’s instructor or an admin can change it'}
              aria-label={`Edit ${course.title}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              onClick={() => openDialog({ kind: 'delete', target: { thing: 'course', id: course.id, title: course.title } })}
              disabled={!course.canManage}
              title={course.canManage ? undefined : 'Only the course’s instructor or an admin can delete it'}
              aria-label={`Delete ${course.title}`}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
