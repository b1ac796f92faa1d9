import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { COMMUNITY_SORTS, type CommunityQuestionView, type CommunitySort } from '../../../../shared/community.ts';
import { idFromSegment } from '../../lib/catalog.ts';
import { $moreQuestions, $questions, closeThread, joined, loadQuestions, moreQuestions } from '../../stores/community.ts';
import { loaded } from '../../stores/query.ts';
import { Loading } from '../learning-parts.tsx';
import AskForm from './AskForm.tsx';
import { SORT_LABELS, seekTo, type VideoHandle } from './format.ts';
import QuestionList from './QuestionList.tsx';
import Thread from './Thread.tsx';
import '../../styles/community.css';

export interface LessonQuestionsProps {
  lessonId: number;
  courseId: number;
  /** The section's heading: h2 on the lesson page, h3 in the course player. */
  level: 2 | 3;
  /** The lesson's clip, when it is a video file on the page: the ask form's moment, the chips' seek. */
  video: VideoHandle | null;
}

/** The question the address opens (?question=, the notifications' links). */
function questionInAddress(): number | null {
  return idFromSegment(new URLSearchParams(location.search).get('question') ?? undefined);
}

/** The address with a thread open, or without one: a reload or a shared link opens the same. */
function addressWith(questionId: number | null): string {
  const url = new URL(location.href);
  if (questionId === null) url.searchParams.delete('question');
  else url.searchParams.set('question', String(questionId));
  url.hash = 'questions';
  return url.pathname + url.search + url.hash;
}

/** A lesson's questions: the list by a sort with More, the ask form, and one thread opened in place. */
export default function LessonQuestions({ lessonId, courseId, level, video }: LessonQuestionsProps) {
  const state = useStore($questions);
  const more = useStore($moreQuestions);
  const [sort, setSort] = useState<CommunitySort>('newest');
  const [open, setOpen] = useState<number | null>(() => questionInAddress());
  const [asking, setAsking] = useState(false);
  const target = { kind: 'lesson' as const, id: lessonId };
  const Heading = level === 2 ? 'h2' : 'h3';

  useEffect(() => {
    void loadQuestions({ kind: 'lesson', id: lessonId }, sort);
  }, [lessonId, sort]);

  // Another lesson in the course player: its own list, and no thread of the lesson before.
  const shownLesson = useRef(lessonId);
  useEffect(() => {
    if (shownLesson.current === lessonId) return;
    shownLesson.current = lessonId;
    setAsking(false);
    setOpen(null);
    closeThread();
    if (questionInAddress() !== null) {
      const url = new URL(location.href);
      url.searchParams.delete('question');
      history.replaceState(history.state, '', url.pathname + url.search);
    }
  }, [lessonId]);

  useEffect(() => {
    const follow = () => setOpen(questionInAddress());
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);

  const openThread = useCallback((id: number | null) => {
    history.pushState(history.state, '', addressWith(id));
    if (id === null) closeThread();
    setOpen(id);
  }, []);

  const seek = video ? (ms: number) => seekTo(video, ms) : undefined;
  const page = loaded(state);
  const counts = page?.counts;

  return (
    <div className="cq">
      <div className="cq-head">
        <Heading id={`lesson-${lessonId}-questions`}>Questions{counts ? ` (${counts.questions})` : ''}</Heading>
        {page?.can_ask && open === null && !asking && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAsking(true)}>
            Ask a question
          </button>
        )}
      </div>

      {open !== null ? (
        <Thread questionId={open} level={level === 2 ? 3 : 4} onBack={() => openThread(null)} onSeek={seek} />
      ) : (
        <>
          {asking && (
            <AskForm
              target={target}
              video={video}
              onCancel={() => setAsking(false)}
              onAsked={(q: CommunityQuestionView) => {
                setAsking(false);
                openThread(q.id);
              }}
            />
          )}
          {page && !page.can_ask && page.ask_refusal && <p className="text-sm muted">{page.ask_refusal}</p>}
          <div className="cq-toolbar">
            <div className="cq-sorts" role="group" aria-label="Sort questions">
              {COMMUNITY_SORTS.map((s) => (
                <button key={s} type="button" className="btn btn-secondary btn-sm" aria-pressed={sort === s} onClick={() => setSort(s)}>
                  {SORT_LABELS[s]}
                </button>
              ))}
            </div>
            <a className="text-sm" href={`/learn/courses/${courseId}/questions`}>
              Search the course&apos;s questions
            </a>
          </div>
          {state.status === 'error' ? (
            <p className="alert alert-error" role="alert">
              {state.message}
            </p>
          ) : !page ? (
            <Loading text="Loading questions..." />
          ) : (
            <>
              <QuestionList
                questions={joined(page.data, more.items)}
                href={(q) => addressWith(q.id)}
                onOpen={(q) => openThread(q.id)}
                onSeek={seek}
                empty={sort === 'unanswered' ? 'Every question here has an answer.' : 'No questions yet. Ask the first one.'}
              />
              {(more.next === undefined ? page.next : more.next) && (
                <button type="button" className="btn btn-secondary btn-sm" disabled={more.loading} onClick={() => void moreQuestions()}>
                  {more.loading ? 'Loading...' : 'More questions'}
                </button>
              )}
              {more.error && (
                <p className="field-error" role="alert">
                  {more.error}
                </p>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
