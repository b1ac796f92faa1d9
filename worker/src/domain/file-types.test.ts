import { describe, expect, it } from 'vitest';
import * as sample from '../../../tests/support/file-samples.ts';
import { detectFileType } from './file-types.ts';

describe('detectFileType', () => {
  it.each([
    ['photo.jpg', sample.jpeg, 'image/jpeg', 'jpg'],
    ['photo.png', sample.png, 'image/png', 'png'],
    ['anim.gif', sample.gif, 'image/gif', 'gif'],
    ['pic.webp', sample.webp, 'image/webp', 'webp'],
    ['pic.avif', sample.avif, 'image/avif', 'avif'],
  ])('accepts the image %s', async (name, bytes, mimetype, ext) => {
    expect(await detectFileType(bytes, name)).toEqual({ mimetype, ext, kind: 'image' });
  });

  it('accepts audio and video', async () => {
    expect(await detectFileType(sample.mp3, 'song.mp3')).toMatchObject({ mimetype: 'audio/mpeg', ext: 'mp3', kind: 'audio' });
    expect(await detectFileType(sample.wav, 'count.wav')).toMatchObject({ kind: 'audio', ext: 'wav' });
    expect(await detectFileType(sample.mp4, 'class.mp4')).toMatchObject({ mimetype: 'video/mp4', ext: 'mp4', kind: 'video' });
  });

  it('accepts PDF and the Office Open XML formats, whatever their names', async () => {
    expect(await detectFileType(sample.pdf, 'plan.png')).toEqual({ mimetype: 'application/pdf', ext: 'pdf', kind: 'document' });
    expect(await detectFileType(sample.docx, 'lesson')).toMatchObject({
      mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: 'docx',
    });
    expect(await detectFileType(sample.xlsx, 'marks.zip')).toMatchObject({
      mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ext: 'xlsx',
    });
    expect(await detectFileType(sample.pptx, 'slides.pptx')).toMatchObject({
      mimetype: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ext: 'pptx',
    });
  });

  it('accepts legacy Office files (CFB) only with the matching extension', async () => {
    expect(await detectFileType(sample.cfb, 'old.doc')).toEqual({ mimetype: 'application/msword', ext: 'doc', kind: 'document' });
    expect(await detectFileType(sample.cfb, 'OLD.XLS')).toEqual({ mimetype: 'application/vnd.ms-excel', ext: 'xls', kind: 'document' });
    expect(await detectFileType(sample.cfb, 'old.ppt')).toEqual({ mimetype: 'application/vnd.ms-powerpoint', ext: 'ppt', kind: 'document' });
    expect(await detectFileType(sample.cfb, 'setup.msi')).toBeNull();
    expect(await detectFileType(sample.cfb, 'old.jpg')).toBeNull();
  });

  it('accepts zip and rar archives', async () => {
    expect(await detectFileType(sample.plainZip, 'pack.zip')).toEqual({ mimetype: 'application/zip', ext: 'zip', kind: 'archive' });
    expect(await detectFileType(sample.rar, 'pack.rar')).toEqual({ mimetype: 'application/vnd.rar', ext: 'rar', kind: 'archive' });
  });

  it('accepts UTF-8 text and CSV by name, and nothing else without magic bytes', async () => {
    expect(await detectFileType(sample.text, 'notes.txt')).toEqual({ mimetype: 'text/plain', ext: 'txt', kind: 'text' });
    expect(await detectFileType(sample.csv, 'Class.CSV')).toEqual({ mimetype: 'text/csv', ext: 'csv', kind: 'text' });
    expect(await detectFileType(sample.text, 'notes.md')).toBeNull();
    expect(await detectFileType(sample.text, 'notes')).toBeNull();
    expect(await detectFileType(sample.latin1, 'notes.txt')).toBeNull();
    expect(await detectFileType(sample.withNul, 'notes.txt')).toBeNull();
  });

  it('rejects executables, HTML and SVG whatever their names', async () => {
    expect(await detectFileType(sample.exe, 'photo.jpg')).toBeNull();
    expect(await detectFileType(sample.html, 'photo.jpg')).toBeNull();
    expect(await detectFileType(sample.html, 'page.html')).toBeNull();
    expect(await detectFileType(sample.svg, 'logo.svg')).toBeNull();
    expect(await detectFileType(sample.svg, 'logo.png')).toBeNull();
  });

  it('rejects an empty file', async () => {
    expect(await detectFileType(new Uint8Array(0), 'empty.txt')).toBeNull();
  });
});
