import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FileUploader from './FileUploader.tsx';
import ImageDisplay from './ImageDisplay.tsx';

/** Server-rendered markup (what the static page carries before hydration). */
describe('FileUploader markup', () => {
  it('has a real file input labelled by the choose button, Upload and Clear buttons, and a live status', () => {
    const html = renderToString(createElement(FileUploader, { accept: 'image/*' }));
    const inputId = html.match(/<input[^>]*id="([^"]+)"[^>]*type="file"/)?.[1];
    expect(inputId).toBeTruthy();
    expect(html).toContain(`<label for="${inputId}" class="btn fu-choose">Choose file</label>`);
    expect(html).toMatch(/accept="image\/\*"/);
    expect(html).not.toMatch(/<input[^>]*multiple/);
    expect(html).toMatch(/<button type="button" class="btn btn-primary fu-upload" disabled="">Upload<\/button>/);
    expect(html).toMatch(/<button type="button" class="btn btn-ghost fu-clear" disabled="">Clear<\/button>/);
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).toContain('Up to 20 MB');
    expect(html).not.toContain('role="alert"');
  });

  it('in multiple mode takes several files and says its limits', () => {
    const html = renderToString(createElement(FileUploader, { multiple: true, maxFiles: 3, maxSizeMB: 25, label: 'Add materials' }));
    expect(html).toMatch(/<input[^>]*multiple=""/);
    expect(html).toContain('>Add materials</label>');
    expect(html).toContain('Up to 3 files, 25 MB each');
  });
});

describe('ImageDisplay markup', () => {
  it('shows a spinner and the first image of the chain while loading', () => {
    const html = renderToString(createElement(ImageDisplay, { src: 'https://old.example.com/uploads/a.png', alt: 'Course cover', width: 320 }));
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('class="img-spinner"');
    expect(html).toMatch(/<img[^>]*src="\/uploads\/a\.png"[^>]*alt="Course cover"/);
    expect(html).toContain('width="320"');
  });

  it('shows the supplied fallback, or nothing, when there is no image at all', () => {
    expect(renderToString(createElement(ImageDisplay, { src: null, alt: '', fallback: createElement('span', null, 'No image') }))).toBe(
      '<span>No image</span>',
    );
    expect(renderToString(createElement(ImageDisplay, { src: '', alt: '' }))).toBe('');
    expect(renderToString(createElement(ImageDisplay, { src: null, alt: 'x', fallbackSrc: '/images/placeholder.jpg' }))).toMatch(
      /src="\/images\/placeholder\.jpg"/,
    );
  });
});
