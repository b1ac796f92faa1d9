import { COURSE_ADMIN_TEXT } from '../../../../worker/src/domain/courses.ts';

/** What users who may not manage courses see. */
export default function AccessDenied({ message = COURSE_ADMIN_TEXT.accessDenied }: { message?: string }) {
  return (
    <section className="ca-access-denied alert alert-error" role="alert" aria-labelledby="ca-access-denied-title">
      <h2 id="ca-access-denied-title" className="alert-title">
        {COURSE_ADMIN_TEXT.accessDeniedTitle}
      </h2>
      <p>{message}</p>
      <button type="button" className="btn btn-primary" onClick={() => location.assign('/')}>
        Return to Home
      </button>
    </section>
  );
}
