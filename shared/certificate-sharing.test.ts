import { describe, expect, it } from 'vitest';
import { certificateEmailUrl, linkedInAddUrl } from './certificate-sharing.ts';

const certificate = { code: 'DRX-AB12-CD34', course_title: 'Ballet & Barre', issued_at: '2026-03-31T23:30:00.000Z', verify_url_absolute: 'https://drx.example/verify/DRX-AB12-CD34' };

describe('certificate sharing', () => {
  it("LinkedIn's add-to-profile form, filled in, pointing at the verification page", () => {
    const url = new URL(linkedInAddUrl(certificate));
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Ballet & Barre',
      organizationName: 'DRX',
      issueYear: '2026',
      issueMonth: '3',
      certUrl: 'https://drx.example/verify/DRX-AB12-CD34',
      certId: 'DRX-AB12-CD34',
    });
  });

  it('an email carrying the verification link', () => {
    const url = certificateEmailUrl(certificate);
    expect(url.startsWith('mailto:?subject=')).toBe(true);
    expect(decodeURIComponent(url)).toContain('https://drx.example/verify/DRX-AB12-CD34');
  });
});
