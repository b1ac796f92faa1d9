import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Loading } from '../learning-parts.tsx';
import type { VideoHandle } from './format.ts';

// The questions load when the reader comes near them (or the address opens one): the lesson's first load keeps its weight.
const LessonQuestions = lazy(() => import('./LessonQuestions.tsx'));

export interface QuestionsSlotProps {
  lessonId: number;
  courseId: number;
  level: 2 | 3;
  video: VideoHandle | null;
}

/** Whether the address asks for the questions now: a thread's link (?question=) or #questions. */
function askedFor(): boolean {
  return typeof location !== 'undefined' && (new URLSearchParams(location.search).has('question') || location.hash === '#questions');
}

/** The lesson's "Questions" section: its place on the page at once, its content once near the screen. */
export default function QuestionsSlot({ lessonId, courseId, level, video }: QuestionsSlotProps) {
  const section = useRef<HTMLElement>(null);
  const [near, setNear] = useState(askedFor);
  const Heading = level === 2 ? 'h2' : 'h3';

  useEffect(() => {
    const el = section.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const watch = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '600px 0px' });
    watch.observe(el);
    return () => watch.disconnect();
  }, [near]);

  return (
    <section id="questions" ref={section} className="lesson-qa" aria-labelledby={`lesson-${lessonId}-questions`}>
      {near ? (
        <Suspense fallback={<Loading text="Loading questions..." />}>
          <LessonQuestions lessonId={lessonId} courseId={courseId} level={level} video={video} />
        </Suspense>
      ) : (
        <Heading id={`lesson-${lessonId}-questions`}>Questions</Heading>
      )}
    </section>
  );
}
