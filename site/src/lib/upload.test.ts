import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_REQUIRED_MESSAGE,
  checkSelection,
  fetchWithProgress,
  friendlyUploadMessage,
  progressLabel,
  readUploadAnswer,
  sentShare,
  serverErrorMessage,
  uploadFiles,
  withCacheBust,
  type UploadResult,
} from './upload.ts';

const MB = 1024 * 1024;
const now = 1_700_000_000_000;

describe('checkSelection', () => {
  it('needs at least one file', () => {
    expect(checkSelection([])).toBe('No files selected');
  });

  it('allows maxFiles (5 by default) in multiple mode and one otherwise', () => {
    const five = Array.from({ length: 5 }, () => ({ size: 1 }));
    expect(checkSelection(five, { multiple: true })).toBeNull();
    expect(checkSelection([...five, { size: 1 }], { multiple: true })).toBe('Maximum of 5 files allowed');
    expect(checkSelection([{ size: 1 }, { size: 1 }, { size: 1 }], { multiple: true, maxFiles: 2 })).toBe('Maximum of 2 files allowed');
    expect(checkSelection([{ size: 1 }, { size: 1 }])).toBe('Maximum of 1 files allowed');
  });

  it('limits each file to maxSizeMB (20 by default)', () => {
    expect(checkSelection([{ size: 20 * MB }])).toBeNull();
    expect(checkSelection([{ size: 20 * MB + 1 }])).toBe('File exceeds the maximum size of 20MB');
    expect(checkSelection([{ size: 5 * MB + 1 }], { maxSizeMB: 5 })).toBe('File exceeds the maximum size of 5MB');
    expect(checkSelection([{ size: 1 }, { size: 26 * MB }], { multiple: true, maxSizeMB: 25 })).toBe('Some files exceed the maximum size of 25MB');
  });
});

describe('serverErrorMessage', () => {
  it("uses the server's message, else its error field, else the status", () => {
    expect(serverErrorMessage(413, 'Payload Too Large', { message: 'File too large' })).toBe('File too large');
    expect(serverErrorMessage(400, 'Bad Request', { error: 'No file uploaded' })).toBe('No file uploaded');
    expect(serverErrorMessage(502, 'Bad Gateway', null)).toBe('Upload failed: 502 Bad Gateway');
    expect(serverErrorMessage(500, 'Internal Server Error', { message: '' })).toBe('Upload failed: 500 Internal Server Error');
  });
});

describe('friendlyUploadMessage', () => {
  it('maps the server messages to friendly ones', () => {
    expect(friendlyUploadMessage('File too large')).toBe('File is too large. Please choose a smaller file.');
    expect(friendlyUploadMessage('Invalid file type')).toBe('File type not supported. Please choose a different file.');
    expect(friendlyUploadMessage('No file uploaded')).toBe('Please select a file to upload.');
    expect(friendlyUploadMessage(AUTH_REQUIRED_MESSAGE)).toBe('Please log in again to upload files');
  });

  it('prefixes anything else once', () => {
    expect(friendlyUploadMessage('Maximum of 5 files allowed')).toBe('Upload failed: Maximum of 5 files allowed');
    expect(friendlyUploadMessage('Upload failed: 502 Bad Gateway')).toBe('Upload failed: 502 Bad Gateway');
  });
});

describe('withCacheBust', () => {
  it('adds or renews the t parameter', () => {
    expect(withCacheBust('/uploads/a.png', now)).toBe(`/uploads/a.png?t=${now}`);
    expect(withCacheBust('/uploads/a.png?w=200', now)).toBe(`/uploads/a.png?w=200&t=${now}`);
    expect(withCacheBust('/uploads/a.png?t=1&w=2', now)).toBe(`/uploads/a.png?w=2&t=${now}`);
    expect(withCacheBust('https://x.example/a.png#top', now)).toBe(`https://x.example/a.png?t=${now}#top`);
  });
});

describe('readUploadAnswer', () => {
  const one = { url: '/uploads/a.png', size: 3, original_name: 'a.png', mimetype: 'image/png', fileId: 7 };

  it('reads url, else image_url, file_url or profile_image_url', () => {
    expect(readUploadAnswer(one, false, now)[0]).toMatchObject({ url: `/uploads/a.png?t=${now}`, originalName: 'a.png', size: 3, mimetype: 'image/png', fileId: 7 });
    expect(readUploadAnswer({ image_url: '/i.png' }, false, now)[0].url).toBe(`/i.png?t=${now}`);
    expect(readUploadAnswer({ file_url: '/f.pdf' }, false, now)[0].url).toBe(`/f.pdf?t=${now}`);
    expect(readUploadAnswer({ profile_image_url: '/p.jpg' }, false, now)[0].url).toBe(`/p.jpg?t=${now}`);
  });

  it('falls back to uploadInfo and the sent file for the details', () => {
    const file = new File(['abc'], 'sent.txt');
    const [r] = readUploadAnswer({ url: '/u', uploadInfo: { originalName: 'info.txt', mimetype: 'text/plain', size: 9 } }, false, now, [file]);
    expect(r).toMatchObject({ originalName: 'info.txt', mimetype: 'text/plain', size: 9 });
    expect(readUploadAnswer({ url: '/u' }, false, now, [file])[0]).toMatchObject({ originalName: 'sent.txt', size: 3 });
  });

  it('refuses an answer without a URL', () => {
    expect(() => readUploadAnswer({ size: 1 }, false)).toThrow('No URL found in upload response');
    expect(() => readUploadAnswer(null, false)).toThrow('No URL found in upload response');
  });

  it('expects a list in multiple mode, each with a URL', () => {
    expect(readUploadAnswer([one, { file_url: '/b.pdf' }], true, now).map((r) => r.url)).toEqual([`/uploads/a.png?t=${now}`, `/b.pdf?t=${now}`]);
    expect(() => readUploadAnswer(one, true)).toThrow('Invalid response format for multiple files');
    expect(() => readUploadAnswer([one, { size: 2 }], true)).toThrow('No URL found for file 2');
  });
});

describe('uploadFiles', () => {
  const png = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
  const token = () => 'tok-123';
  const answer = (body: unknown, init: ResponseInit = { status: 201 }) =>
    vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json' } }));
  let events: string[];
  let target: EventTarget;

  beforeEach(() => {
    events = [];
    target = new EventTarget();
    for (const type of ['profile-image-updated', 'auth-refresh-required']) target.addEventListener(type, () => events.push(type));
    vi.stubGlobal('window', target);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('throws the fixed sign-in message without a token and sends nothing', async () => {
    const fetch = answer({});
    await expect(uploadFiles([png], { fetch, token: () => null })).rejects.toThrow('Authentication required. Please log in again.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads the token from localStorage under access_token', async () => {
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'access_token' ? 'stored' : null) });
    const fetch = answer({ url: '/uploads/a.png' });
    await uploadFiles([png], { fetch });
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('authorization')).toBe('Bearer stored');
    vi.stubGlobal('localStorage', { getItem: () => null });
    await expect(uploadFiles([png], { fetch })).rejects.toThrow(AUTH_REQUIRED_MESSAGE);
  });

  it('posts one file as `file` with the bearer token, extra fields, and credentials', async () => {
    const fetch = answer({ url: '/uploads/a.png', original_name: 'a.png', size: 4, mimetype: 'image/png', fileId: 1 });
    const onUploaded = vi.fn();
    const results = await uploadFiles([png], { fetch, token, fields: { resource_type: 'image', folder: 'images' }, onUploaded, now: () => now });
    const [endpoint, init] = fetch.mock.calls[0];
    expect(endpoint).toBe('/api/upload');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-123');
    const body = init?.body as FormData;
    expect((body.get('file') as File).name).toBe('a.png');
    expect(body.get('resource_type')).toBe('image');
    expect(body.get('folder')).toBe('images');
    expect(results).toEqual([expect.objectContaining({ url: `/uploads/a.png?t=${now}`, fileId: 1 })]);
    expect(onUploaded).toHaveBeenCalledWith(results);
    expect(events).toEqual([]);
  });

  it('posts several files as `files` and expects a list', async () => {
    const fetch = answer([{ url: '/uploads/a.png' }, { url: '/uploads/b.png' }]);
    const results = await uploadFiles([png, png], { fetch, token, multiple: true, endpoint: '/api/upload' });
    expect((fetch.mock.calls[0][1]?.body as FormData).getAll('files')).toHaveLength(2);
    expect(results).toHaveLength(2);
    await expect(uploadFiles([png], { fetch: answer({ url: '/x' }), token, multiple: true })).rejects.toThrow(
      'Invalid response format for multiple files',
    );
  });

  it("throws the server's message, its error field, or the status", async () => {
    await expect(uploadFiles([png], { token, fetch: answer({ message: 'File too large' }, { status: 413 }) })).rejects.toThrow('File too large');
    await expect(uploadFiles([png], { token, fetch: answer({ error: 'Invalid file type' }, { status: 415 }) })).rejects.toThrow('Invalid file type');
    const bare = vi.fn<typeof fetch>(async () => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(uploadFiles([png], { token, fetch: bare })).rejects.toThrow('Upload failed: 502 Bad Gateway');
  });

  it('refuses a successful answer without a URL', async () => {
    await expect(uploadFiles([png], { token, fetch: answer({ size: 1 }) })).rejects.toThrow('No URL found in upload response');
  });

  it('after a profile upload fires the refresh events and calls back after 200 ms', async () => {
    vi.useFakeTimers();
    const onUploaded = vi.fn<(r: UploadResult[]) => void>();
    const results = await uploadFiles([png], {
      fetch: answer({ url: '/uploads/profile/a.png', profile_image_url: '/uploads/profile/a.png' }),
      token,
      endpoint: '/api/upload/profile',
      onUploaded,
    });
    expect(events).toEqual(['profile-image-updated', 'auth-refresh-required']);
    expect(onUploaded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(199);
    expect(onUploaded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onUploaded).toHaveBeenCalledWith(results);
  });
});

/** A stand-in XMLHttpRequest: records what is sent and lets the test play the network. */
class FakeXhr extends EventTarget {
  static last: FakeXhr;
  upload = new EventTarget();
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaders = '';
  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }));
  }
  answer(status: number, statusText: string, body: unknown) {
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = 'content-type: application/json\r\nx-extra: 1\r\n';
    this.dispatchEvent(new Event('load'));
  }
}

describe('upload progress', () => {
  const video = new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'routine.webm', { type: 'video/webm' });
  const Xhr = FakeXhr as unknown as typeof XMLHttpRequest;

  it('reads the share sent from a progress event', () => {
    expect(sentShare(50, 200)).toBe(0.25);
    expect(sentShare(300, 200)).toBe(1);
    expect(sentShare(10, 0)).toBeNull();
    expect(sentShare(10, 100, false)).toBeNull();
    expect(progressLabel(0.424)).toBe('Uploading… 42%');
    expect(progressLabel(1)).toBe('Uploading… 100%');
  });

  it('sends through XMLHttpRequest with the token and credentials, reports progress, and reads the answer', async () => {
    const seen: number[] = [];
    const pending = uploadFiles([video], { token: () => 'tok-9', fetch: fetchWithProgress((s) => seen.push(s), Xhr), onProgress: (s) => seen.push(s), now: () => now });
    await Promise.resolve();
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.authorization).toBe('Bearer tok-9');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(201, 'Created', { url: '/uploads/lessons/abc.webm', size: 4, mimetype: 'video/webm', original_name: 'routine.webm' });
    const [result] = await pending;
    expect(result.url).toBe(`/uploads/lessons/abc.webm?t=${now}`);
    expect(seen).toEqual([0.25, 1, 1]);
  });

  it("keeps the friendly messages: the server's message for a refusal", async () => {
    const pending = uploadFiles([video], { token: () => 'tok-9', fetch: fetchWithProgress(() => {}, Xhr) });
    await Promise.resolve();
    FakeXhr.last.answer(413, 'Payload Too Large', { message: 'File too large' });
    await expect(pending).rejects.toThrow('File too large');
    expect(friendlyUploadMessage('File too large')).toBe('File is too large. Please choose a smaller file.');
  });

  it('rejects like fetch when the network fails', async () => {
    const pending = fetchWithProgress(() => {}, Xhr)('/api/upload', { method: 'POST' });
    FakeXhr.last.dispatchEvent(new Event('error'));
    await expect(pending).rejects.toThrow('Network error occurred');
  });
});
