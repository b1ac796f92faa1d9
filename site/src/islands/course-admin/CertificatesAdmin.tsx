import { zodResolver } from '@hookform/resolvers/zod';
import { countLabel } from '../../lib/plural.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { revokeCertificateSchema, type RevokeCertificateInput } from '../../../../worker/src/schemas/learning.ts';
import FormField from '../../components/FormField.tsx';
import { ExportCsvButton } from '../../components/admin/ExportCsvButton.tsx';
import { $adminCertificates, $certificateQuery, $certificatesExportHref, initAdminCertificates, loadAdminCertificates, revokeCertificate, setCertificateQuery } from '../../stores/certificates-admin.ts';
import { type CertificateSummary } from '../../../../shared/certificates.ts';
import { loaded } from '../../stores/course-admin.ts';
import { formatDate } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import DialogFrame from './DialogFrame.tsx';
import { applyServerErrors } from './form-utils.ts';
import { DataTable, ListStates } from './list-parts.tsx';
import { PermissionGate } from '../admin/PermissionGate.tsx';
import '../../styles/course-admin.css';

function RevokeDialog({ certificate, onClose }: { certificate: CertificateSummary; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RevokeCertificateInput>({ resolver: zodResolver(revokeCertificateSchema), defaultValues: { reason: '' } });
  const submit = handleSubmit(async ({ reason }) => {
    const result = await revokeCertificate(certificate.id, reason);
    if (result.ok) onClose();
    else applyServerErrors(setError, result.validationErrors, ['reason']);
  });
  return (
    <DialogFrame
      open
      busy={isSubmitting}
      onOpenChange={(open) => !open && onClose()}
      title="Revoke Certificate"
      description={`Certificate ${certificate.code} of ${certificate.learner_name} for “${certificate.course_title}”. Once revoked it fails verification.`}
    >
      <form className="ca-form" noValidate onSubmit={(e) => void submit(e)}>
        <FormField label="Reason" error={errors.reason?.message} required hint="Kept with the certificate and shown on its verification page.">
          <textarea rows={3} {...register('reason')} />
        </FormField>
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={isSubmitting}>
            {isSubmitting ? 'Revoking...' : 'Revoke'}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** /admin/certificates: every certificate, searchable by code, learner or course; revoke with a reason. */
function CertificatesAdminContent() {
  const state = useStore($adminCertificates);
  const query = useStore($certificateQuery);
  const exportHref = useStore($certificatesExportHref);
  const [revoking, setRevoking] = useState<CertificateSummary | null>(null);

  useEffect(() => {
    initAdminCertificates();
  }, []);

  const list = loaded(state);

  return (
    <div className="ca-stack">
      <form className="admin-toolbar" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="certificate-search" className="admin-field-label">
          Search certificates
        </label>
        <input
          id="certificate-search"
          type="search"
          className="input admin-search"
          placeholder="Code, learner or course"
          autoComplete="off"
          value={query}
          onChange={(e) => setCertificateQuery(e.currentTarget.value)}
        />
        {list && (
          <p className="muted" aria-live="polite">
            {countLabel(list.length, 'certificate')}
          </p>
        )}
        <ExportCsvButton list="certificates" href={exportHref} />
      </form>

      <ListStates
        state={state}
        items={list}
        loadingLabel="Loading certificates..."
        empty={query.trim() ? `No certificates match “${query.trim()}”.` : 'No certificates issued yet.'}
        onRetry={() => void loadAdminCertificates()}
      />
      {list && list.length > 0 && (
        <DataTable caption="Certificates" columns={['Code', 'Learner', 'Course', 'Issued', 'Status']} actions busy={state.status === 'loading'}>
          {list.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                <a href={c.verify_url}>{c.code}</a>
              </th>
              <td>
                {c.learner_name}
                <span className="admin-sub">{c.learner.username}</span>
              </td>
              <td>{c.course_title}</td>
              <td>{formatDate(c.issued_at)}</td>
              <td>
                {c.revoked ? (
                  <span className="badge badge-danger" title={c.revoked_reason ?? undefined}>
                    Revoked
                  </span>
                ) : (
                  <span className="badge badge-success">Valid</span>
                )}
                {c.revoked && c.revoked_reason && <span className="admin-sub">{c.revoked_reason}</span>}
              </td>
              <td>
                {!c.revoked && (
                  <button type="button" className="btn btn-danger btn-sm" onClick={() => setRevoking(c)} aria-label={`Revoke certificate ${c.code}`}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {revoking && <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} />}
    </div>
  );
}

/** The page's action in the permission table (decision 0013); other roles containing ADMIN see why not. */
function CertificatesAdmin() {
  return (
    <PermissionGate action="certificates.list_all" what="The certificate register">
      {() => <CertificatesAdminContent />}
    </PermissionGate>
  );
}

export default withErrorBoundary(CertificatesAdmin);
