import type { CERTIFICATE_ISSUE_KINDS } from '../db/schema/index.ts';

/** What the API answers and the site reads of worker/src/services/certificates.ts (decision 0054). */

export type IssueKind = (typeof CERTIFICATE_ISSUE_KINDS)[number];

export interface CertificateSummary {
  id: number;
  code: string;
  issued_at: string;
  issued_date: string;
  revoked: boolean;
  revoked_at: string | null;
  revoked_reason: string | null;
  issued_by: number | null;
  /** How it was earned: 'completion', or by hand by the 'instructor' or an 'admin'. */
  issued_via: IssueKind;
  learner: { id: number; username: string; name: string };
  learner_name: string;
  course: { id: number; title: string };
  course_title: string;
  instructor: { id: number; name: string } | null;
  instructor_name: string;
  verify_url: string;
}

export interface TemplateView {
  id: number;
  name: string;
  title: string;
  body: string;
  primary_color: string;
  accent_color: string;
  signatory_name: string;
  signatory_title: string;
  is_default: boolean;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface RenderedTemplate {
  id: number | null;
  name: string;
  title: string;
  body_text: string;
  body_html: string;
  primary_color: string;
  accent_color: string;
  signatory_name: string;
  signatory_title: string;
}

export interface CertificateView extends CertificateSummary {
  template: RenderedTemplate;
  /** The public verification page, absolute (for the QR code and for sharing). */
  verify_url_absolute: string;
  /** An SVG QR code of `verify_url_absolute`. */
  qr_svg: string;
}

export type VerifyAnswer =
  | {
      valid: true;
      code: string;
      learner: string;
      course: string;
      instructor: string;
      issued_at: string;
      issued_date: string;
      issued_via: IssueKind;
      /** What the verification page says about how it was earned. */
      issued_via_label: string;
    }
  | {
      valid: false;
      reason: 'revoked';
      code: string;
      course: string;
      /** When and why it was revoked: the revoke dialog promises the reason is shown here. */
      revoked_at: string;
      revoked_date: string;
      revoked_reason: string | null;
    }
  | { valid: false; reason: 'not_found' };
