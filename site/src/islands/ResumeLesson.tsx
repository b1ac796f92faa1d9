import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pathId } from '../lib/catalog.ts';
import { lessonPath, moduleOfLesson, playerPath, startingLesson } from '../lib/learning.ts';
import { $player, loadPlayer } from '../stores/learning.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { LoadFailure, Loading } from './learning-parts.tsx';

/** /lesson/{courseId}: straight to the lesson where the learner left off (or the first one). */
function ResumeLesson() {
  const player = useStore($player);

  useEffect(() => {
    void loadPlayer(pathId(location.pathname, 1)).then((data) => {
      if (!data) return;
      const id = startingLesson(data, null);
      const module = id === null ? null : moduleOfLesson(data, id);
      location.replace(id !== null && module ? lessonPath(data.course.id, module.id, id) : playerPath(data.course.id));
    });
  }, []);

  if (player.status === 'loading' || player.status === 'idle' || player.status === 'ready') return <Loading text="Opening your lesson..." />;
  return <LoadFailure state={player} courseId={pathId(location.pathname, 1)} what="course" />;
}

export default withErrorBoundary(ResumeLesson);
