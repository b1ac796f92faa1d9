import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { loaded } from '../../stores/course-admin.ts';
import { $instructorCertificates, loadInstructorCertificates } from '../../stores/instructor.ts';
import { formatDate } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import InstructorAccess, { Loading } from './InstructorAccess.tsx';

function Certificates() {
  const state = useStore($instructorCertificates);
  useEffect(() => {
    void loadInstructorCertificates();
  }, []);
  const list = loaded(state);
  return (
    <div className="ca-stack">
      <div className="cluster">
        <a className="btn btn-primary" href="/instructor/certificates/issue">
          Issue Certificate
        </a>
        <a className="btn btn-secondary" href="/certificate-templates">
          Certificate templates
        </a>
      </div>
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
      {!list && state.status !== 'error' && <Loading label="Loading certificates..." />}
      {list && list.length === 0 && <p className="ca-empty">No certificates for your courses yet. Learners receive one when they complete a course.</p>}
      {list && list.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Certificates of your courses</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Learner</th>
                <th scope="col">Course</th>
                <th scope="col">Issued</th>
                <th scope="col">How</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <a href={`/certificates/${c.id}`}>{c.code}</a>
                  </th>
                  <td>{c.learner_name}</td>
                  <td>{c.course_title}</td>
                  <td>{formatDate(c.issued_at)}</td>
                  <td>{c.issued_by ? 'By hand' : 'On completion'}</td>
                  <td>
                    {c.revoked ? <span className="badge badge-danger">Revoked</span> : <span className="badge badge-success">Valid</span>}{' '}
                    <a href={c.verify_url} className="text-sm">
                      Verify
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** /instructor/certificates: the certificates of my courses. */
function InstructorCertificates() {
  return <InstructorAccess>{() => <Certificates />}</InstructorAccess>;
}

export default withErrorBoundary(InstructorCertificates);
