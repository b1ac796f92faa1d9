import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { CommunityAnswerView, CommunityPostView, CommunityQuestionView } from '../../../../shared/community.ts';
import { countLabel } from '../../lib/plural.ts';
import { $moreAnswers, $thread, acceptAnswer, answerQuestion, joined, loadReplies, loadThread, moreAnswers, replyTo } from '../../stores/community.ts';
import { loaded } from '../../stores/query.ts';
import { toast } from '../../stores/toasts.ts';
import { Loading } from '../learning-parts.tsx';
import Post from './Post.tsx';
import PostForm from './PostForm.tsx';
import { MomentChip } from './QuestionList.tsx';

export interface ThreadProps {
  questionId: number;
  /** The thread's question heading: h3 under the lesson page's "Questions" h2, h4 in the player. */
  level: 3 | 4;
  onBack: () => void;
  onSeek?: (ms: number) => void;
}

const nameOf = (post: CommunityPostView) => post.author?.name ?? 'a former member';

function AcceptButton({ question, answer }: { question: CommunityQuestionView; answer: CommunityAnswerView }) {
  const [busy, setBusy] = useState(false);
  if (!question.can_accept || answer.status !== 'visible') return null;
  const on = answer.accepted;
  return (
    <button
      type="button"
      className={on ? 'btn btn-secondary btn-sm' : 'btn btn-ghost btn-sm'}
      disabled={busy}
      aria-pressed={on}
      aria-label={on ? `Unaccept ${nameOf(answer)}'s answer` : `Accept ${nameOf(answer)}'s answer`}
      onClick={async () => {
        setBusy(true);
        const result = await acceptAnswer(question.id, on ? null : answer.id);
        setBusy(false);
        if (!result.ok) toast({ title: 'The answer was not accepted', description: result.message, variant: 'destructive' });
      }}
    >
      {on ? 'Accepted ✓' : 'Accept'}
    </button>
  );
}

/** An answer, its replies (more read on demand) and the reply box. */
function Answer({ question, answer, canReply }: { question: CommunityQuestionView; answer: CommunityAnswerView; canReply: boolean }) {
  const [replying, setReplying] = useState(false);
  const [extra, setExtra] = useState<{ data: CommunityPostView[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const replies = joined(answer.replies, extra?.data ?? []);
  const hiddenReplies = Math.max(0, answer.reply_count - replies.filter((r) => r.status === 'visible').length);
  // Beyond the replies the thread page carries: read from the first (those shown are not repeated), then page on.
  const moreToRead = extra ? extra.next !== null : hiddenReplies > 0;

  async function more() {
    setLoadingMore(true);
    const result = await loadReplies(answer.id, extra?.next ?? null);
    setLoadingMore(false);
    if (result.ok) setExtra({ data: [...(extra?.data ?? []), ...result.data.data], next: result.data.next });
    else toast({ title: 'The replies could not be loaded', description: result.message, variant: 'destructive' });
  }

  const who = nameOf(answer);
  return (
    <li className={answer.accepted ? 'cq-answer cq-answer-accepted' : 'cq-answer'} aria-label={`${who}'s answer${answer.accepted ? ' (accepted)' : ''}`}>
      {answer.accepted && <p className="cq-accepted-label">✓ Accepted answer</p>}
      <Post
        post={answer}
        what={`${who}'s answer`}
        actions={
          <>
            <AcceptButton question={question} answer={answer} />
            {canReply && answer.status === 'visible' && (
              <button type="button" className="btn btn-ghost btn-sm" aria-expanded={replying} onClick={() => setReplying((r) => !r)} aria-label={`Reply to ${who}`}>
                Reply
              </button>
            )}
          </>
        }
      >
        {replies.length > 0 && (
          <ul className="cq-replies" aria-label={`Replies to ${who}`}>
            {replies.map((reply) => (
              <li key={reply.id}>
                <Post post={reply} what={`${nameOf(reply)}'s reply`} />
              </li>
            ))}
          </ul>
        )}
        {moreToRead && (
          <button type="button" className="btn btn-ghost btn-sm" disabled={loadingMore} onClick={() => void more()}>
            {loadingMore ? 'Loading...' : extra ? 'More replies' : `Show ${countLabel(hiddenReplies, 'more reply', 'more replies')}`}
          </button>
        )}
        {replying && (
          <PostForm
            label={`Reply to ${who}`}
            hideLabel
            rows={2}
            submitLabel="Reply"
            busyLabel="Sending..."
            onSubmit={({ body }) => replyTo(answer.id, body)}
            onDone={() => setReplying(false)}
            onCancel={() => setReplying(false)}
          />
        )}
      </Post>
    </li>
  );
}

/** One question with its answers (accepted first, then most helpful), More answers by keyset, and the answer box. */
export default function Thread({ questionId, level, onBack, onSeek }: ThreadProps) {
  const state = useStore($thread);
  const more = useStore($moreAnswers);
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef<number | null>(null);
  const Heading = level === 3 ? 'h3' : 'h4';
  const Sub = level === 3 ? 'h4' : 'h5';

  useEffect(() => {
    void loadThread(questionId);
  }, [questionId]);

  const thread = loaded(state);
  const shown = thread && thread.question.id === questionId ? thread : undefined;

  // The thread takes the focus once it is on screen (opened from the list or from the address).
  useEffect(() => {
    if (!shown || focused.current === questionId) return;
    focused.current = questionId;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start' });
  }, [shown, questionId]);

  const back = (
    <button type="button" className="btn btn-ghost btn-sm cq-back" onClick={onBack}>
      ← All questions
    </button>
  );

  if (!shown) {
    if (state.status === 'error') {
      return (
        <div className="cq-thread">
          {back}
          <p className="alert alert-error" role="alert">
            {state.message}
          </p>
        </div>
      );
    }
    return (
      <div className="cq-thread">
        {back}
        <Loading text="Loading the question..." />
      </div>
    );
  }

  const { question, target } = shown;
  const answers = joined(shown.answers, more.items);
  const next = more.next === undefined ? shown.next : more.next;
  const canReply = shown.can_answer;

  return (
    <div className="cq-thread">
      {back}
      <article className="cq-question" aria-labelledby={`cq-q-${question.id}`}>
        <Heading id={`cq-q-${question.id}`} ref={heading} tabIndex={-1} className="cq-question-title">
          {question.status === 'deleted' ? 'A deleted question' : question.title}
        </Heading>
        {question.video_at_ms !== null && (
          <p className="cq-question-moment">
            <MomentChip ms={question.video_at_ms} onSeek={onSeek} />
          </p>
        )}
        <Post post={question} what="the question" />
      </article>

      <section className="cq-answers" aria-labelledby={`cq-a-${question.id}`}>
        <Sub id={`cq-a-${question.id}`}>{countLabel(question.answer_count, 'answer')}</Sub>
        {answers.length > 0 ? (
          <ol className="cq-answer-list">
            {answers.map((answer) => (
              <Answer key={answer.id} question={question} answer={answer} canReply={canReply} />
            ))}
          </ol>
        ) : (
          <p className="muted">No answers yet.</p>
        )}
        {next && (
          <button type="button" className="btn btn-secondary btn-sm" disabled={more.loading} onClick={() => void moreAnswers()}>
            {more.loading ? 'Loading...' : 'More answers'}
          </button>
        )}
        {more.error && (
          <p className="field-error" role="alert">
            {more.error}
          </p>
        )}
      </section>

      {shown.can_answer && question.status !== 'deleted' ? (
        <PostForm label="Your answer" submitLabel="Post answer" busyLabel="Posting..." onSubmit={({ body }) => answerQuestion(question.id, body)} />
      ) : (
        <p className="text-sm muted">
          Asked on <a href={target.url}>{target.title}</a>.
        </p>
      )}
    </div>
  );
}
