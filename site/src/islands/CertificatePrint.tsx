import { useStore } from '@nanostores/react';
import { useEffect, useState, type CSSProperties } from 'react';
import { certificateEmailUrl, linkedInAddUrl } from '../../../shared/certificate-sharing.ts';
import { pathId } from '../lib/catalog.ts';
import { $certificate, loadCertificate, type CertificateView } from '../stores/certificates.ts';
import { downloadAuthed } from '../stores/download.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';

const SAFE_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * /certificates/{certificateId}: the printable certificate (A4 landscape, scaled to the screen's
 * width, see styles/certificate-print.css): learner, course, instructor, date, unique code, the template's
 * colours, wording and signatory, and a QR code of the public verification page. Download PDF
 * saves the same sheet drawn by the server (GET /api/certificates/{id}/pdf); Add to LinkedIn, Copy
 * link and Email share the public verification page (decision 0064).
 */
function CertificatePrint() {
  const state = useStore($certificate);

  useEffect(() => {
    void loadCertificate(pathId(location.pathname, 1));
  }, []);

  useEffect(() => {
    if (state.status === 'ready') document.title = `Certificate: ${state.data.course_title} · DRX`;
  }, [state]);

  if (state.status === 'loading' || state.status === 'idle') return <Loading text="Loading certificate..." />;
  if (state.status !== 'ready') {
    return (
      <div className="not-found">
        <h1>{state.forbidden ? 'Access denied' : state.notFound ? 'Certificate not found' : 'Something went wrong'}</h1>
        <p className="lead">{state.notFound ? 'There is no certificate at this address.' : state.message}</p>
        <a className="btn btn-primary" href="/my-certifications">
          My certificates
        </a>
      </div>
    );
  }
  const c = state.data;
  const t = c.template;
  const colours = {
    '--cert-primary': SAFE_COLOR.test(t.primary_color) ? t.primary_color : undefined,
    '--cert-accent': SAFE_COLOR.test(t.accent_color) ? t.accent_color : undefined,
  } as CSSProperties;
  // The server's SVG shown as an image: nothing in it can run.
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(c.qr_svg)}`;

  return (
    <div>
      <div className="certificate-toolbar no-print">
        <a href="/my-certifications">← My certificates</a>
        <span className="cluster">
          <a className="btn btn-ghost" href={c.verify_url}>
            Verification page
          </a>
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
            Print
          </button>
          <DownloadPdf certificate={c} />
        </span>
      </div>
      {!c.revoked && <ShareLinks certificate={c} />}
      {c.revoked && (
        <p className="alert alert-error no-print" role="alert">
          This certificate was revoked{c.revoked_reason ? `: ${c.revoked_reason}` : '.'} It no longer passes verification.
        </p>
      )}
      <div className="certificate-frame">
        <section className="certificate-sheet" style={colours} aria-label={`Certificate of ${c.learner_name} for ${c.course_title}`}>
          <div>
            <p className="certificate-brand">DRX</p>
            <h1 className="certificate-title">{t.title}</h1>
          </div>
          <div>
            <p className="certificate-presented">This is presented to</p>
            <p className="certificate-learner">{c.learner_name}</p>
            <p className="certificate-body">{t.body_text}</p>
            <p className="certificate-course">
              <strong>{c.course_title}</strong>
              <br />
              <span>Instructor: {c.instructor_name}</span> · <span>Issued {c.issued_date}</span>
            </p>
          </div>
          <div className="certificate-footer">
            <div className="certificate-signature" style={{ textAlign: 'left' }}>
              <strong>{t.signatory_name || c.instructor_name}</strong>
              <span>{t.signatory_title || 'Instructor'}</span>
            </div>
            <div className="certificate-qr">
              <img src={qr} alt={`QR code linking to the verification page ${c.verify_url_absolute}`} width={104} height={104} />
              <span>Scan to verify</span>
            </div>
            <div style={{ textAlign: 'right' }}>
              <span className="certificate-code">Certificate code: {c.code}</span>
              <br />
              <span className="certificate-verify-url">Verify at {c.verify_url_absolute}</span>
            </div>
          </div>
          {c.revoked && <span className="certificate-revoked">REVOKED</span>}
        </section>
      </div>
    </div>
  );
}

/** Download PDF: the server's drawing of the same sheet, saved as a file. */
function DownloadPdf({ certificate: c }: { certificate: CertificateView }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadAuthed(`/api/certificates/${c.id}/pdf`, `drx-certificate-${c.code}.pdf`);
      setState({ busy: false, error: null });
    } catch (err) {
      setState({ busy: false, error: err instanceof Error ? err.message : 'The PDF could not be made. Please try again.' });
    }
  };
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => void download()} disabled={state.busy} aria-busy={state.busy}>
        {state.busy ? 'Preparing PDF...' : 'Download PDF'}
      </button>
      {state.error && (
        <span className="alert alert-error" role="alert">
          {state.error}
        </span>
      )}
    </>
  );
}

/** Share the public verification page: on LinkedIn, by copying its address, by email. */
function ShareLinks({ certificate: c }: { certificate: CertificateView }) {
  const [copied, setCopied] = useState<string>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(c.verify_url_absolute);
      setCopied('Link copied.');
    } catch {
      setCopied(`Copy this link: ${c.verify_url_absolute}`);
    }
  };
  return (
    <div className="cluster no-print" role="group" aria-label="Share this certificate" style={{ marginBottom: 'var(--space-4)' }}>
      <span className="muted">Share:</span>
      <a className="btn btn-ghost btn-sm" href={linkedInAddUrl(c)} target="_blank" rel="noopener noreferrer" data-linkedin-add>
        Add to LinkedIn
      </a>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy()}>
        Copy link
      </button>
      <a className="btn btn-ghost btn-sm" href={certificateEmailUrl(c)}>
        Email
      </a>
      <span className="text-sm" role="status" aria-live="polite">
        {copied}
      </span>
    </div>
  );
}

export default withErrorBoundary(CertificatePrint);
