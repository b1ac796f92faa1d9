import type { CommunityQuestionView } from '../../../../shared/community.ts';
import { countLabel } from '../../lib/plural.ts';
import { momentLabel, postedOn } from './format.ts';

export interface QuestionListProps {
  questions: readonly CommunityQuestionView[];
  /** Where a question's thread is read (a link that works in a new tab too). */
  href: (question: CommunityQuestionView) => string;
  /** Opens the thread in place; absent, the link is followed. */
  onOpen?: (question: CommunityQuestionView) => void;
  /** Plays the lesson's clip from a question's moment (on its own lesson's page). */
  onSeek?: (ms: number) => void;
  /** Beside each question: where it was asked (a course's search). */
  where?: (question: CommunityQuestionView) => string | null;
  empty: string;
}

/** The chip of a question's moment: it plays the clip from there where the clip is on the page. */
export function MomentChip({ ms, onSeek }: { ms: number; onSeek?: (ms: number) => void }) {
  const label = momentLabel(ms);
  if (!onSeek) return <span className="cq-chip">▶ {label}</span>;
  return (
    <button type="button" className="cq-chip" onClick={() => onSeek(ms)} aria-label={`Play the lesson from ${label}`}>
      ▶ {label}
    </button>
  );
}

/** Questions as a list: title (the thread's link), who asked, the answers and votes, the moment. */
export default function QuestionList({ questions, href, onOpen, onSeek, where, empty }: QuestionListProps) {
  if (questions.length === 0) return <p className="muted cq-empty">{empty}</p>;
  return (
    <ul className="cq-list">
      {questions.map((q) => {
        const place = where?.(q);
        return (
          <li key={q.id} className="cq-item">
            <a
              className="cq-item-title"
              href={href(q)}
              onClick={
                onOpen
                  ? (e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                      e.preventDefault();
                      onOpen(q);
                    }
                  : undefined
              }
            >
              {q.title}
            </a>
            <p className="cq-item-meta text-sm muted">
              {q.video_at_ms !== null && <MomentChip ms={q.video_at_ms} onSeek={onSeek} />}
              <span>
                {q.author?.name ?? 'A former member'} · <time dateTime={q.created_at}>{postedOn(q.created_at)}</time>
              </span>
              <span>{countLabel(q.answer_count, 'answer')}</span>
              <span>{countLabel(q.vote_count, 'vote')}</span>
              {q.accepted_answer_id !== null && <span className="badge badge-success">✓ Answered</span>}
              {q.status === 'pending' && <span className="badge badge-warning">Waiting for approval</span>}
              {q.status === 'hidden' && <span className="badge">Hidden</span>}
              {place && <span>{place}</span>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
