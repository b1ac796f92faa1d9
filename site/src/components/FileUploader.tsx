import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  AUTO_UPLOAD_DELAY_MS,
  checkSelection,
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_SIZE_MB,
  DEFAULT_UPLOAD_ENDPOINT,
  friendlyUploadMessage,
  UPLOAD_FAILED_TITLE,
  uploadFiles,
  type UploadResult,
} from '../lib/upload.ts';
import { toast } from '../stores/toasts.ts';
import './file-uploader.css';

export interface FileUploaderProps {
  /** Where the files go; '/api/upload' by default. A path containing /profile refreshes the user (so a new picture shows at once). */
  endpoint?: string;
  /** Several files, sent as `files`, uploaded with the Upload button; one file otherwise, uploaded by itself. */
  multiple?: boolean;
  /**
   * Per-file limit in MB. 20 by default, the generic upload limit; the file control's own default
   * is 25 (CONTROL_DEFAULT_MAX_SIZE_MB) and the course dialog uses 5: pass those explicitly.
   */
  maxSizeMB?: number;
  /** At most this many files in multiple mode; 5 by default. */
  maxFiles?: number;
  /** The input's accept list, e.g. 'image/*'. A hint only: the server checks the bytes. */
  accept?: string;
  /** Extra form fields, e.g. `{ resource_type: 'image', folder: 'images' }`. */
  fields?: Record<string, string>;
  /** Text of the choose button; 'Choose file' or 'Choose files' by default. */
  label?: string;
  disabled?: boolean;
  /** Show the 'Upload Failed' toast when an upload fails (inline text is always shown). */
  toastOnError?: boolean;
  onUploaded?: (results: UploadResult[]) => void;
  onError?: (message: string) => void;
  /**
   * Sends each file by itself, one after the other, instead of one request to `endpoint`: given,
   * every file shows its own progress bar, fed by `onProgress` (0 to 1). It throws an Error whose
   * message is shown (make it the friendly one for people). `onSent` runs after each file went through.
   */
  sendEach?: (file: File, onProgress: (sent: number) => void) => Promise<void>;
  onSent?: (file: File) => void;
}

interface Selected {
  file: File;
  /** An object URL for images; revoked when the selection changes or the widget goes. */
  preview?: string;
}

type Status = 'idle' | 'selected' | 'uploading' | 'done' | 'error';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The shared file uploader: choose, preview (images) or name chips (other files), upload,
 * clear. A single file uploads by itself about 100 ms after it is chosen; several wait for the
 * Upload button. Sizes and counts are checked before anything is sent.
 */
export default function FileUploader({
  endpoint = DEFAULT_UPLOAD_ENDPOINT,
  multiple = false,
  maxSizeMB = DEFAULT_MAX_SIZE_MB,
  maxFiles = DEFAULT_MAX_FILES,
  accept,
  fields,
  label,
  disabled = false,
  toastOnError = true,
  onUploaded,
  onError,
  sendEach,
  onSent,
}: FileUploaderProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  const [selection, setSelection] = useState<Selected[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  /** The share sent of each selected file (sendEach only), in the selection's order. */
  const [progress, setProgress] = useState<number[]>([]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  // Object URLs live exactly as long as the selection that made them.
  useEffect(
    () => () => {
      for (const s of selection) if (s.preview) URL.revokeObjectURL(s.preview);
    },
    [selection],
  );

  const fail = useCallback(
    (message: string, fromServer: boolean) => {
      setError(message);
      setStatus('error');
      onError?.(message);
      if (fromServer && toastOnError) toast({ title: UPLOAD_FAILED_TITLE, description: message, variant: 'destructive' });
    },
    [onError, toastOnError],
  );

  const upload = useCallback(
    async (files: File[]) => {
      const problem = checkSelection(files, { multiple, maxFiles, maxSizeMB });
      if (problem) return fail(problem, false);
      setStatus('uploading');
      setError(null);
      if (sendEach) {
        setProgress(files.map(() => 0));
        for (const [i, file] of files.entries()) {
          const report = (sent: number) => {
            if (mounted.current) setProgress((p) => p.map((v, j) => (j === i ? sent : v)));
          };
          try {
            await sendEach(file, report);
            report(1);
            onSent?.(file);
          } catch (err) {
            if (mounted.current) fail(err instanceof Error ? err.message : String(err), true);
            return;
          }
        }
        if (mounted.current) setStatus('done');
        return;
      }
      try {
        await uploadFiles(files, { endpoint, multiple, fields, onUploaded });
        if (mounted.current) setStatus('done');
      } catch (err) {
        if (mounted.current) fail(friendlyUploadMessage(err instanceof Error ? err.message : String(err)), true);
      }
    },
    [endpoint, fail, fields, maxFiles, maxSizeMB, multiple, onUploaded, onSent, sendEach],
  );

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    clearTimeout(timer.current);
    const files = Array.from(event.target.files ?? []);
    setSelection(files.map((file) => ({ file, preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined })));
    setProgress([]);
    setError(null);
    if (files.length === 0) return setStatus('idle');
    const problem = checkSelection(files, { multiple, maxFiles, maxSizeMB });
    if (problem) return fail(problem, false);
    setStatus('selected');
    if (!multiple) timer.current = setTimeout(() => void upload(files), AUTO_UPLOAD_DELAY_MS);
  }

  function clear() {
    clearTimeout(timer.current);
    setSelection([]);
    setProgress([]);
    setStatus('idle');
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  const uploading = status === 'uploading';
  const files = selection.map((s) => s.file);
  const canUpload = files.length > 0 && !uploading && status !== 'done' && !(status === 'selected' && !multiple) && !disabled;
  const hint = multiple ? `Up to ${maxFiles} files, ${maxSizeMB} MB each` : `Up to ${maxSizeMB} MB`;
  const previews = selection.filter((s) => s.preview);
  const chips = selection.filter((s) => !s.preview);

  return (
    <div className="fu" aria-busy={uploading}>
      <div className="fu-controls">
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="fu-input"
          type="file"
          multiple={multiple}
          accept={accept}
          disabled={disabled || uploading}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? `${id}-error` : undefined}
          onChange={onChange}
        />
        <label htmlFor={`${id}-input`} className="btn fu-choose" aria-disabled={disabled || uploading || undefined}>
          {label ?? (multiple ? 'Choose files' : 'Choose file')}
        </label>
        <button type="button" className="btn btn-primary fu-upload" disabled={!canUpload} onClick={() => void upload(files)}>
          Upload
        </button>
        <button type="button" className="btn btn-ghost fu-clear" disabled={selection.length === 0 || uploading} onClick={clear}>
          Clear
        </button>
      </div>
      <p id={`${id}-hint`} className="fu-hint">
        {hint}
      </p>

      {previews.length > 0 && (
        <ul className="fu-previews" aria-label="Selected images">
          {previews.map((s, i) => (
            <li key={`${s.file.name}-${i}`} className="fu-preview">
              <img src={s.preview} alt={`Preview of ${s.file.name}`} />
            </li>
          ))}
        </ul>
      )}
      {chips.length > 0 && (
        <ul className="fu-chips" aria-label="Selected files">
          {chips.map((s, i) => (
            <li key={`${s.file.name}-${i}`} className="fu-chip">
              <span className="fu-chip-name">{s.file.name}</span> <span className="fu-chip-size">{formatSize(s.file.size)}</span>
            </li>
          ))}
        </ul>
      )}

      {sendEach && progress.length > 0 && (
        <ul className="fu-progress-list" aria-label="Upload progress">
          {selection.map((s, i) => (
            <li key={`${s.file.name}-${i}`} className="fu-progress-item">
              <span className="fu-chip-name">{s.file.name}</span>
              <progress className="fu-progress" max={1} value={progress[i] ?? 0} aria-label={`Upload of ${s.file.name}`} aria-valuetext={`${Math.round((progress[i] ?? 0) * 100)}%`} />
              <span className="fu-progress-value" aria-hidden="true">
                {Math.round((progress[i] ?? 0) * 100)}%
              </span>
            </li>
          ))}
        </ul>
      )}

      <p className="fu-status" role="status" aria-live="polite">
        {uploading && (
          <>
            <span className="fu-spinner" aria-hidden="true" />
            Uploading...
          </>
        )}
        {status === 'done' && 'Upload complete'}
      </p>
      {error && (
        <p id={`${id}-error`} className="fu-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
