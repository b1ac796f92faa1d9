/**
 * The addresses a certificate is shared by (decision 0064), all pointing at its public verification
 * page: LinkedIn's "Add to profile" form filled in as a licence or certification, and an email.
 */

export interface ShareableCertificate {
  code: string;
  course_title: string;
  /** ISO date-time of issue (UTC). */
  issued_at: string;
  /** The public verification page, absolute. */
  verify_url_absolute: string;
}

/** The organisation LinkedIn names as the issuer. */
export const CERTIFICATE_ISSUER = 'DRX';

/** LinkedIn's add-to-profile address for the certificate. */
export function linkedInAddUrl(c: ShareableCertificate): string {
  const issued = new Date(c.issued_at);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.course_title,
    organizationName: CERTIFICATE_ISSUER,
    ...(Number.isNaN(issued.getTime()) ? {} : { issueYear: String(issued.getUTCFullYear()), issueMonth: String(issued.getUTCMonth() + 1) }),
    certUrl: c.verify_url_absolute,
    certId: c.code,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** A mailto: address whose message carries the verification link. */
export function certificateEmailUrl(c: ShareableCertificate): string {
  const subject = `My ${CERTIFICATE_ISSUER} certificate: ${c.course_title}`;
  const body = `I earned a ${CERTIFICATE_ISSUER} certificate for “${c.course_title}”. You can check it here: ${c.verify_url_absolute}`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
