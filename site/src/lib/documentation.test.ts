import { describe, expect, it } from 'vitest';
import { renderDecisions, renderDoc, slugify } from './documentation.ts';

const README = [
  '# DRX',
  '',
  'A platform. Raw <script>alert(1)</script> stays text.',
  '',
  '## Run it',
  '',
  '```sh',
  'npm start',
  '```',
  '',
  '| variable | meaning |',
  '|---|---|',
  '| `PORT` | port |',
  '',
  '## Test',
  '',
  'Developers only.',
  '',
  '### Unit tests',
  '',
  'Vitest.',
  '',
  '## Deploy',
  '',
  '### Run it',
  '',
  'Wrangler.',
].join('\n');

describe('slugify', () => {
  it('makes lower-case ASCII anchors', () => {
    expect(slugify('Deploy to Cloudflare Workers')).toBe('deploy-to-cloudflare-workers');
    expect(slugify('Connect & Book')).toBe('connect-book');
    expect(slugify('Café `npm start`')).toBe('cafe-npm-start');
    expect(slugify('—')).toBe('section');
  });
});

describe('renderDoc', () => {
  it('moves headings one level down with unique ids, and lists them', () => {
    const doc = renderDoc(README, { idPrefix: 'readme' });
    expect(doc.title).toBe('DRX');
    expect(doc.headings).toEqual([
      { level: 2, text: 'DRX', id: 'readme-drx' },
      { level: 3, text: 'Run it', id: 'readme-run-it' },
      { level: 3, text: 'Test', id: 'readme-test' },
      { level: 4, text: 'Unit tests', id: 'readme-unit-tests' },
      { level: 3, text: 'Deploy', id: 'readme-deploy' },
      { level: 4, text: 'Run it', id: 'readme-run-it-2' },
    ]);
    expect(doc.html).toContain('<h2 id="readme-drx">DRX</h2>');
    expect(doc.html).toContain('<h3 id="readme-run-it">Run it</h3>');
    expect(doc.html).toContain('<h4 id="readme-run-it-2">Run it</h4>');
    expect(doc.html).not.toMatch(/<h1/);
  });

  it('escapes raw HTML and puts tables and code in boxes that scroll', () => {
    const { html } = renderDoc(README, { idPrefix: 'readme' });
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<div class="doc-scroll" tabindex="0" role="region" aria-label="Table"><table>');
    expect(html).toContain('<code>PORT</code>');
    expect(html).toMatch(/<pre class="doc-scroll" tabindex="0"><code class="language-sh">npm start\n<\/code><\/pre>/);
  });

  it('leaves out the named sections with everything under them, up to the next section', () => {
    const doc = renderDoc(README, { idPrefix: 'readme', skipSections: ['test'] });
    expect(doc.headings.map((h) => h.text)).toEqual(['DRX', 'Run it', 'Deploy', 'Run it']);
    expect(doc.html).not.toContain('Developers only');
    expect(doc.html).not.toContain('Vitest');
    expect(doc.html).toContain('Wrangler');
  });

  it('can drop the title (shown elsewhere on the page)', () => {
    const doc = renderDoc('# 0007 — Fresh catalog\n\n## Context\n\nText.', { idPrefix: 'decision-0007', dropTitle: true });
    expect(doc.title).toBe('0007 — Fresh catalog');
    expect(doc.headings).toEqual([{ level: 3, text: 'Context', id: 'decision-0007-context' }]);
    expect(doc.html).toBe('<h3 id="decision-0007-context">Context</h3>\n<p>Text.</p>\n');
  });
});

describe('renderDecisions', () => {
  it('orders the records by number, with number, title and body', () => {
    const records = renderDecisions({
      '../../docs/decisions/0013-permission-table.md': '# 0013 — Permission table\n\n## Decision\n\nOne table.',
      '../../docs/decisions/0002-header.md': '# 0002 - Hand-rolled header\n\nBody.',
      '../../docs/decisions/README.md': '# Not a record',
      '../../docs/decisions/0005-untitled.md': 'No title line.',
    });
    expect(records.map((r) => [r.number, r.title, r.id])).toEqual([
      ['0002', 'Hand-rolled header', 'decision-0002'],
      ['0005', 'untitled', 'decision-0005'],
      ['0013', 'Permission table', 'decision-0013'],
    ]);
    expect(records[2]!.html).toBe('<h3 id="decision-0013-decision">Decision</h3>\n<p>One table.</p>\n');
  });
});
