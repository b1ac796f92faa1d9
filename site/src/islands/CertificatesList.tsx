import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import ResponsiveTable, { type TableColumn } from '../components/ResponsiveTable.tsx';
import { $certificates, loadMyCertificates } from '../stores/certificates.ts';
import { type CertificateSummary } from '../../../shared/certificates.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';

const COLUMNS: readonly TableColumn<CertificateSummary>[] = [
  { header: 'Course', rowHeader: true, cell: (c) => c.course_title },
  { header: 'Issued', cell: (c) => c.issued_date },
  { header: 'Code', cell: (c) => <code>{c.code}</code> },
  {
    header: 'Status',
    cell: (c) => (c.revoked ? <span className="badge badge-danger">Revoked</span> : <span className="badge badge-success">Valid</span>),
  },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (c) => (
      <a className="btn btn-secondary btn-sm" href={`/certificates/${c.id}`}>
        View
        <span className="visually-hidden"> certificate for {c.course_title}</span>
      </a>
    ),
  },
];

/** /my-certifications and /certificates (the same page): the certificates I hold. */
function CertificatesList() {
  const state = useStore($certificates);

  useEffect(() => {
    void loadMyCertificates();
  }, []);

  if (state.status === 'loading' || state.status === 'idle') return <Loading text="Loading your certificates..." />;
  if (state.status !== 'ready') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">Something went wrong</p>
        <p>{state.notFound ? 'Your certificates could not be found.' : state.message}</p>
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
  return <ResponsiveTable caption="My certificates" columns={COLUMNS} rows={state.data} rowKey={(c) => c.id} />;
}

export default withErrorBoundary(CertificatesList);
