import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  checkSelection,
  DEFAULT_MAX_SIZE_MB,
  friendlyUploadMessage,
  progressLabel,
  UPLOAD_FAILED_TITLE,
  uploadFiles,
  urlOf,
} from '../../lib/upload.ts';
import { toast } from '../../stores/toasts.ts';
import '../../components/file-uploader.css';

/** What the picker offers; the server checks the bytes and takes only a video (decision 0017). */
export const LESSON_VIDEO_ACCEPT = 'video/*';

type State = { kind: 'idle' } | { kind: 'uploading'; sent: number; name: string } | { kind: 'done'; name: string } | { kind: 'error'; message: string };

export interface LessonVideoUploadProps {
  /** Receives the uploaded file's /uploads/ URL, for the lesson's content. */
  onUploaded: (url: string) => void;
  /** Per-file limit in MB: the server's generic upload limit (MAX_UPLOAD_MB, 20 by default). */
  maxSizeMB?: number;
}

/**
 * Uploads a lesson video from the instructor's device, with a progress bar, and hands back its
 * URL. Messages are the friendly ones: the client's size check, then the server's answer made friendly.
 */
export default function LessonVideoUpload({ onUploaded, maxSizeMB = DEFAULT_MAX_SIZE_MB }: LessonVideoUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    if (files.length === 0) return;
    const problem = checkSelection(files, { maxSizeMB });
    if (problem) {
      setState({ kind: 'error', message: problem });
      return;
    }
    const file = files[0]!;
    setState({ kind: 'uploading', sent: 0, name: file.name });
    try {
      const [result] = await uploadFiles([file], {
        fields: { resource_type: 'video', folder: 'lessons' },
        onProgress: (sent) => {
          if (mounted.current) setState({ kind: 'uploading', sent, name: file.name });
        },
      });
      // The stored link, without the cache-busting parameter: it is what the lesson keeps.
      const url = urlOf(result?.response);
      if (!url) throw new Error('No URL found in upload response');
      onUploaded(url);
      if (mounted.current) setState({ kind: 'done', name: file.name });
    } catch (err) {
      const message = friendlyUploadMessage(err instanceof Error ? err.message : String(err));
      if (mounted.current) setState({ kind: 'error', message });
      toast({ title: UPLOAD_FAILED_TITLE, description: message, variant: 'destructive' });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  const uploading = state.kind === 'uploading';
  return (
    <div className="fu lesson-video-upload" aria-busy={uploading}>
      <div className="fu-controls">
        <input
          ref={input}
          id={`${id}-input`}
          className="fu-input"
          type="file"
          accept={LESSON_VIDEO_ACCEPT}
          disabled={uploading}
          aria-describedby={`${id}-hint`}
          aria-invalid={state.kind === 'error' ? true : undefined}
          aria-errormessage={state.kind === 'error' ? `${id}-error` : undefined}
          onChange={(e) => void onChange(e)}
        />
        <label htmlFor={`${id}-input`} className="btn btn-secondary btn-sm fu-choose" aria-disabled={uploading || undefined}>
          Upload a video file
        </label>
      </div>
      <p id={`${id}-hint`} className="fu-hint">
        A video from this device, up to {maxSizeMB} MB (MP4 or WebM play in every browser); its address fills the field above.
      </p>
      {uploading && (
        <progress className="lesson-video-progress" style={{ width: '100%' }} max={1} value={state.sent} aria-label={`Uploading ${state.name}`}>
          {progressLabel(state.sent)}
        </progress>
      )}
      <p className="fu-status" role="status" aria-live="polite">
        {uploading && progressLabel(state.sent)}
        {state.kind === 'done' && `${state.name} uploaded`}
      </p>
      {state.kind === 'error' && (
        <p id={`${id}-error`} className="fu-error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
