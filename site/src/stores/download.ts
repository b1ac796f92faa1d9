import { ApiError, authedFetch, readJson } from '../lib/api.ts';

/**
 * A file behind the bearer token (a plain link does not send it): fetched with the token and
 * handed to the browser as a download, named by the answer's Content-Disposition or `fallbackName`.
 * An error answer throws the API's ApiError (readJson), a lost connection ApiError(0).
 */
export async function downloadAuthed(path: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await authedFetch(path);
  } catch {
    throw new ApiError(0, 'Network error occurred');
  }
  if (!res.ok) await readJson(res);
  const blob = await res.blob();
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
