import { describe, expect, it } from 'vitest';
import { courseCoverSvg, courseImageAlt, demoImageKey, escapeXml, nameInitials, portraitSvg, wrapWords } from './cover-art.ts';
import { isUploadKey } from './media-links.ts';

const STYLES = ['Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap', 'Ballroom', 'Latin', 'Folk', 'Modern', 'Swing', 'Breakdance', 'Other'];

/** Nothing in the SVG can run or fetch anything. */
function expectInert(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).not.toMatch(/<script|<foreignObject|<image|<use|href=|\son[a-z]+=|javascript:|url\((?!#)/i);
}

describe('course covers', () => {
  it('are deterministic', () => {
    const input = { title: 'Foundations of Classical Ballet Teaching', label: 'Ballet Foundations', style: 'Ballet' };
    expect(courseCoverSvg(input)).toBe(courseCoverSvg({ ...input }));
  });

  it('differ between courses of the same style and between styles', () => {
    const a = courseCoverSvg({ title: 'Teaching Tap to Young Children', style: 'Tap' });
    const b = courseCoverSvg({ title: 'Rhythm Tap for Adults', style: 'Tap' });
    expect(a).not.toBe(b);
    const covers = new Set(STYLES.map((style) => courseCoverSvg({ title: 'One title', style })));
    expect(covers.size).toBe(STYLES.length);
  });

  it('name the style and carry the alt text as their title', () => {
    const svg = courseCoverSvg({ title: 'Hip Hop Choreography for Teen Classes', label: 'Teen Hip Hop', style: 'Hip Hop' });
    expect(svg).toContain('>HIP HOP</text>');
    expect(svg).toContain('>Teen Hip Hop</text>');
    expect(svg).toContain('<title>Hip Hop Choreography for Teen Classes — Hip Hop course cover</title>');
  });

  it('escape every text they show', () => {
    const svg = courseCoverSvg({ title: '<script>alert("x")</script> & more', label: `Tom's <b>"class"</b>`, style: 'Jazz <i>' });
    expectInert(svg);
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<i>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(svg).toContain('Tom&apos;s');
  });

  it('draw every style without anything active', () => {
    for (const style of STYLES) expectInert(courseCoverSvg({ title: `A ${style} course`, style }));
    expectInert(courseCoverSvg({ title: 'No style', style: null }));
  });
});

describe('portraits', () => {
  it('show the initials, deterministically, varied by the seed', () => {
    const svg = portraitSvg({ name: 'Elena Petrova', seed: 'instructor_admin' });
    expect(svg).toBe(portraitSvg({ name: 'Elena Petrova', seed: 'instructor_admin' }));
    expect(svg).toContain('>EP</text>');
    expect(svg).toContain('<title>Portrait of Elena Petrova</title>');
    const others = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => portraitSvg({ name: 'Elena Petrova', seed })));
    expect(others.size).toBeGreaterThan(1);
    expectInert(svg);
  });

  it('escape the name', () => {
    const svg = portraitSvg({ name: '<Ana> "O\'Neil" & co' });
    expectInert(svg);
    expect(svg).toContain('Portrait of &lt;Ana&gt; &quot;O&apos;Neil&quot; &amp; co');
    expect(nameInitials('<Ana> co')).toBe('<C');
    expect(svg).toContain('>&lt;C</text>');
  });
});

describe('helpers', () => {
  it('make stable upload keys of the app’s shape, one per image', () => {
    const key = demoImageKey('cover', 'Foundations of Classical Ballet Teaching');
    expect(isUploadKey(key)).toBe(true);
    expect(key).toBe(demoImageKey('cover', 'Foundations of Classical Ballet Teaching'));
    expect(key).not.toBe(demoImageKey('portrait', 'Foundations of Classical Ballet Teaching'));
    expect(key.endsWith('.svg')).toBe(true);
  });

  it('wrap labels into at most two lines', () => {
    expect(wrapWords('Ballet Foundations', 20, 2)).toEqual(['Ballet Foundations']);
    expect(wrapWords('Contemporary Floor Work and Release', 18, 2)).toEqual(['Contemporary Floor', 'Work and Release']);
    expect(wrapWords('one two three four five six seven eight nine ten', 10, 2)).toEqual(['one two', 'three four…']);
  });

  it('write alt text from the title and the style', () => {
    expect(courseImageAlt('Teen Hip Hop', 'Hip Hop')).toBe('Teen Hip Hop — Hip Hop course cover');
    expect(courseImageAlt('Untitled', null)).toBe('Untitled — course cover');
    expect(escapeXml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
  });
});
