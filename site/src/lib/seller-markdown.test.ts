import { describe, expect, it } from 'vitest';
import { renderDescription } from './seller-markdown.ts';

describe('the description preview', () => {
  it('renders markdown', async () => {
    const html = await renderDescription('# Week 1\n\n- warm-up\n- **pliés**');
    expect(html).toContain('<h1>Week 1</h1>');
    expect(html).toContain('<strong>pliés</strong>');
  });

  it('shows raw HTML as text and drops unsafe links', async () => {
    const html = await renderDescription('<script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.com)');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('href="https://example.com"');
  });
});
