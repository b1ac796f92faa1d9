import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  DEFAULT_TEMPLATE,
  displayName,
  formatCertificateDate,
  generateCertificateCode,
  normalizeCertificateCode,
  renderTemplateHtml,
  renderTemplateText,
  SAMPLE_VALUES,
  verifyPath,
} from './certificates.ts';

describe('certificate codes', () => {
  it("are 'DRX-' and 12 base32 characters", () => {
    const code = generateCertificateCode();
    expect(code).toMatch(/^DRX-[0-9A-HJKMNP-TV-Z]{12}$/);
  });

  it('are random: no two of many alike', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => generateCertificateCode()));
    expect(codes.size).toBe(2000);
  });

  it('use every symbol of the alphabet without bias from the bytes', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    let offset = 0;
    const fake = (b: Uint8Array) => {
      for (let i = 0; i < b.length; i++) b[i] = all[(offset + i) % 256]!;
      offset += b.length;
      return b;
    };
    const seen = new Set<string>();
    for (let i = 0; i < 32; i++) for (const ch of generateCertificateCode(fake).slice(4)) seen.add(ch);
    expect([...seen].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''));
  });

  it('are read back forgivingly from what a person types', () => {
    expect(normalizeCertificateCode('drx-7k2m9qw4xh3p')).toBe('DRX-7K2M9QW4XH3P');
    expect(normalizeCertificateCode(' DRX 7K2M 9QW4 XH3P ')).toBe('DRX-7K2M9QW4XH3P');
    expect(normalizeCertificateCode('7K2M9QW4XH3P')).toBe('DRX-7K2M9QW4XH3P');
    expect(normalizeCertificateCode('DRX-7K2M9QW4XH3O')).toBe('DRX-7K2M9QW4XH30');
    expect(normalizeCertificateCode('DRX-7K2M9QW4XHIL')).toBe('DRX-7K2M9QW4XH11');
  });

  it('refuse what cannot be a code', () => {
    expect(normalizeCertificateCode('DRX-123')).toBeNull();
    expect(normalizeCertificateCode('DRX-7K2M9QW4XH3PP')).toBeNull();
    expect(normalizeCertificateCode('DRX-7K2M9QW4XH3U')).toBeNull();
    expect(normalizeCertificateCode('')).toBeNull();
    expect(normalizeCertificateCode("DRX-' OR 1=1 --")).toBeNull();
  });
});

describe('template rendering', () => {
  const values = { learner: 'Maya Thompson', course: 'Tap Basics', instructor: 'Elena Petrova', date: 'March 5, 2026', code: 'DRX-AAAAAAAAAAAA' };

  it('fills every placeholder as text', () => {
    expect(renderTemplateText('{learner} finished {course} with {instructor} on {date} ({code}); {learner} again', values)).toBe(
      'Maya Thompson finished Tap Basics with Elena Petrova on March 5, 2026 (DRX-AAAAAAAAAAAA); Maya Thompson again',
    );
  });

  it('leaves unknown placeholders as written', () => {
    expect(renderTemplateText('{learner} {unknown} {Learner}', values)).toBe('Maya Thompson {unknown} {Learner}');
  });

  it('escapes both the wording and the values in HTML', () => {
    const html = renderTemplateHtml('<b>Well done</b> {learner} & {course}', {
      ...values,
      learner: '<script>alert(1)</script>',
      course: 'Rock "n" Roll\'s',
    });
    expect(html).toBe('<p>&lt;b&gt;Well done&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Rock &quot;n&quot; Roll&#39;s</p>');
  });

  it('does not re-read a value as a placeholder', () => {
    expect(renderTemplateHtml('{learner} / {course}', { ...values, learner: '{course}' })).toBe('<p>{course} / Tap Basics</p>');
  });

  it('makes paragraphs of blank lines and <br> of single line breaks', () => {
    expect(renderTemplateHtml('One\nline\n\nTwo\r\n\r\nThree', values)).toBe('<p>One<br>line</p><p>Two</p><p>Three</p>');
  });

  it('renders the default template with every placeholder used', () => {
    const text = renderTemplateText(DEFAULT_TEMPLATE.body, SAMPLE_VALUES);
    for (const v of Object.values(SAMPLE_VALUES)) expect(text).toContain(v);
    expect(text).not.toMatch(/\{\w+\}/);
  });
});

describe('dates, names and links', () => {
  it('formats the issue date in UTC', () => {
    expect(formatCertificateDate('2026-03-05T23:30:00.000Z')).toBe('March 5, 2026');
    expect(formatCertificateDate('not a date')).toBe('not a date');
  });

  it('names a person by first and last name, else username, else the fallback', () => {
    expect(displayName({ firstName: 'Maya', lastName: 'Thompson', username: 'maya' })).toBe('Maya Thompson');
    expect(displayName({ firstName: ' ', lastName: '', username: 'maya' })).toBe('maya');
    expect(displayName(null, 'DRX')).toBe('DRX');
  });

  it('links the public verification page', () => {
    expect(verifyPath('DRX-7K2M9QW4XH3P')).toBe('/verify/DRX-7K2M9QW4XH3P');
  });
});
