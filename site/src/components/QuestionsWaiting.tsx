import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { countLabel } from '../lib/plural.ts';
import { $questionsWaiting, loadQuestionsWaiting, type WaitingScope } from '../stores/community-totals.ts';
import { loaded } from '../stores/query.ts';

/**
 * The owners' dashboards' line of the community (decision 0075): "12 questions wait for an
 * answer" on their own pages (the lessons of the courses they teach and their profile, or their
 * resources), linking to the page with the most. Read from running totals; shows nothing while
 * it loads or when it could not be read (the dashboard stands without it).
 */
export default function QuestionsWaiting({ scope, className = 'ca-panel' }: { scope: WaitingScope; className?: string }) {
  const waiting = loaded(useStore($questionsWaiting[scope]));
  useEffect(() => {
    void loadQuestionsWaiting(scope);
  }, [scope]);
  if (!waiting) return null;
  const id = `questions-waiting-${scope}`;
  return (
    <section className={className} aria-labelledby={id}>
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h2 id={id} style={{ marginTop: 0 }}>
          Community questions
        </h2>
        {waiting.unanswered > 0 && <a href={waiting.url}>Answer them</a>}
      </div>
      <p className="questions-waiting" style={{ margin: 0 }}>
        {waiting.unanswered === 0 ? (
          <span className="muted">No question waits for an answer on your pages.</span>
        ) : (
          <>
            <strong>{countLabel(waiting.unanswered, 'question')}</strong> {waiting.unanswered === 1 ? 'waits' : 'wait'} for an answer.
          </>
        )}
      </p>
    </section>
  );
}
