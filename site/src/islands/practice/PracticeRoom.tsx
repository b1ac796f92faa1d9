import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import PracticeVideo, { type PracticeSettings } from '../../components/PracticeVideo.tsx';
import { NO_LOOP } from '../../lib/practice-loop.ts';
import { $practice, closePractice, loadPractice } from '../../stores/practice.ts';
import { loaded } from '../../stores/query.ts';
import { Loading } from '../learning-parts.tsx';
import CameraPanel from './CameraPanel.tsx';
import { useCamera } from './camera.ts';
import NewTakeReview, { type Recorded } from './NewTakeReview.tsx';
import TakeList from './TakeList.tsx';
import TakeUpload from './TakeUpload.tsx';
import '../../components/file-uploader.css';
import './practice.css';

export interface PracticeRoomProps {
  lessonId: number;
  lessonTitle: string;
  /** The room's heading: h2 on the lesson page, h3 in the course player. */
  level: 2 | 3;
  onClose: () => void;
}

/**
 * The practice room of a video lesson (decision 0070): the lesson's clip with its practice controls
 * beside the learner's camera (stacked on a phone), recording a take with a count-in while the clip
 * plays, uploading a filmed one, the learner's takes and asking for feedback on them. Loaded only
 * when the learner opens it, so the lesson page keeps its weight.
 */
export default function PracticeRoom({ lessonId, lessonTitle, level, onClose }: PracticeRoomProps) {
  const state = useStore($practice);
  const view = loaded(state);
  const camera = useCamera();
  const referenceVideo = useRef<HTMLVideoElement | null>(null);
  const [settings, setSettings] = useState<PracticeSettings>({ mirrored: false, speed: 1, loop: NO_LOOP });
  const [swapped, setSwapped] = useState(false);
  const [mirrorCamera, setMirrorCamera] = useState(true);
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [opened, setOpened] = useState<{ takeId: number; lineUp: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The clip's first signed link plays for the whole visit: a later read must not reload it mid-practice.
  const referenceUrl = useRef<string | null>(null);
  if (view && referenceUrl.current === null) referenceUrl.current = view.reference.url;
  const Heading = level === 2 ? 'h2' : 'h3';

  useEffect(() => {
    void loadPractice(lessonId);
    return () => closePractice();
  }, [lessonId]);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  // A recording's object URL lives as long as its review.
  useEffect(() => {
    if (!recorded) return;
    return () => URL.revokeObjectURL(recorded.url);
  }, [recorded]);

  const close = () => {
    camera.stop();
    onClose();
  };

  const onSettings = useCallback((s: PracticeSettings) => setSettings(s), []);

  const bar = (
    <div className="practice-room-bar">
      <Heading id={`practice-${lessonId}-title`} ref={heading} tabIndex={-1}>
        Practice room
      </Heading>
      <div className="cluster">
        <button type="button" className="btn btn-secondary btn-sm" aria-pressed={swapped} onClick={() => setSwapped((s) => !s)}>
          Swap sides
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
          Close practice room
        </button>
      </div>
    </div>
  );

  if (!view) {
    return (
      <section className="practice-room" aria-labelledby={`practice-${lessonId}-title`}>
        {bar}
        {state.status === 'error' ? (
          <p className={state.forbidden || state.notFound ? 'alert alert-info' : 'alert alert-error'} role="alert">
            {state.message}
          </p>
        ) : (
          <Loading text="Opening the practice room..." />
        )}
      </section>
    );
  }

  const level2 = level === 2 ? 'h3' : 'h4';
  return (
    <section className="practice-room" aria-labelledby={`practice-${lessonId}-title`}>
      {bar}
      {view.requires_approved_take && (
        <p className={view.approved ? 'alert alert-success' : 'alert alert-info'}>
          {view.approved
            ? 'An instructor approved one of your takes: this lesson is complete.'
            : 'This lesson is completed when an instructor approves one of your takes. Record one, then ask for feedback.'}
        </p>
      )}
      <div className={swapped ? 'practice-stage is-swapped' : 'practice-stage'}>
        <div className="practice-stage-reference">
          <p className="practice-stage-label" id={`practice-${lessonId}-reference`}>
            Reference clip
          </p>
          <PracticeVideo src={referenceUrl.current ?? view.reference.url} poster={view.reference.poster ?? undefined} title={`${lessonTitle}: reference clip`} videoRef={referenceVideo} onSettings={onSettings} />
        </div>
        <div className="practice-stage-camera">
          <p className="practice-stage-label">Your camera</p>
          <CameraPanel
            camera={camera}
            mirrored={mirrorCamera}
            onMirror={setMirrorCamera}
            reference={referenceVideo}
            settings={settings}
            maxSeconds={view.limits.max_seconds}
            busy={recorded !== null}
            onRecorded={(take) => {
              setRecorded(take);
              setOpened(null);
            }}
          />
        </div>
      </div>

      {recorded && (
        <NewTakeReview
          key={recorded.url}
          lessonId={lessonId}
          recorded={recorded}
          reference={view.reference}
          limits={view.limits}
          mirrored={mirrorCamera}
          headingTag={level2}
          onDone={() => setRecorded(null)}
        />
      )}

      <TakeUpload
        lessonId={lessonId}
        limits={view.limits}
        loopStart={settings.loop.a}
        headingTag={level2}
        onUploaded={(take) => setOpened({ takeId: take.id, lineUp: true })}
      />

      <TakeList view={view} mirrored={mirrorCamera} headingTag={level2} opened={opened} onOpen={setOpened} />
    </section>
  );
}
