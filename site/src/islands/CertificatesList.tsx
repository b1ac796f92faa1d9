import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $certificates, loadMyCertificates } from '../stores/certificates.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';

/** /my-certifications and /certificates (the same page): the certificates I hold. */
function CertificatesList() {
  const state = useStore($certificates);

  useEffect(() => {
    void loadMyCertificates();
  }, []);

  if (state.status === 'loading') return <Loading text="Loading your certificates..." />;
  if (state.status !== 'ready') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">Something went wrong</p>
        <p>{state.status === 'not-found' ? 'Your certificates could not be found.' : state.message}</p>
      </div>
    );
  }
  if (state.data.length === 0) {
    return (
      <div className="panel center">
        <p className="lead">You have no certificates yet. Complete every lesson and pass every quiz of a course to earn one.</p>
        <p className="cluster" style={{ justifyContent: 'center' }}>
          <a className="btn btn-primary" href="/my-courses">
            Go to My Courses
          </a>
          <a className="btn btn-ghost" href="/courses">
            Browse courses
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">My certificates</caption>
        <thead>
          <tr>
            <th scope="col">Course</th>
            <th scope="col">Issued</th>
            <th scope="col">Code</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state.data.map((c) => (
            <tr key={c.id}>
              <td>{c.course_title}</td>
              <td>{c.issued_date}</td>
              <td>
                <code>{c.code}</code>
              </td>
              <td>{c.revoked ? <span className="badge badge-danger">Revoked</span> : <span className="badge badge-success">Valid</span>}</td>
              <td>
                <a className="btn btn-secondary btn-sm" href={`/certificates/${c.id}`}>
                  View<span className="visually-hidden"> certificate for {c.course_title}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default withErrorBoundary(CertificatesList);
