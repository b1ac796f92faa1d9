import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { loaded } from '../../stores/course-admin.ts';
import { $instructorCertificates, loadInstructorCertificates } from '../../stores/instructor.ts';
import { formatDate } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { DataTable, ListStates } from '../course-admin/list-parts.tsx';
import InstructorAccess from './InstructorAccess.tsx';

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
      <ListStates
        state={state}
        items={list}
        loadingLabel="Loading certificates..."
        empty="No certificates for your courses yet. Learners receive one when they complete a course."
      />
      {list && list.length > 0 && (
        <DataTable caption="Certificates of your courses" columns={['Code', 'Learner', 'Course', 'Issued', 'How', 'Status']}>
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
        </DataTable>
      )}
    </div>
  );
}

/** /instructor/certificates: the certificates of my courses. */
function InstructorCertificates() {
  return <InstructorAccess>{() => <Certificates />}</InstructorAccess>;
}

export default withErrorBoundary(InstructorCertificates);
