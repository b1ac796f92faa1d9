import { useStore } from '@nanostores/react';
import { useEffect, type CSSProperties } from 'react';
import { pathId } from '../lib/catalog.ts';
import { $certificate, loadCertificate } from '../stores/certificates.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';

const SAFE_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * /certificates/{certificateId}: the printable certificate (A4 landscape, scaled to the screen's
 * width, see styles/certificate-print.css): learner, course, instructor, date, unique code, the template's
 * colours, wording and signatory, and a QR code of the public verification page.
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
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            Print
          </button>
        </span>
      </div>
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

export default withErrorBoundary(CertificatePrint);
