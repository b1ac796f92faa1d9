import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { QUESTION_MAX, type FeedbackOffer, type TakeView } from '../../../../shared/practice.ts';
import { ApiError } from '../../lib/api.ts';
import { pluralWord } from '../../lib/plural.ts';
import { askForFeedback, buyFeedbackCredits } from '../../stores/practice.ts';
import { toast } from '../../stores/toasts.ts';
import { askState, questionProblem } from './take-rules.ts';

export interface AskFeedbackProps {
  take: TakeView;
  number: number;
  offer: FeedbackOffer;
  courseId: number;
  onClose: () => void;
}

/**
 * Sending a kept take for feedback: the learner's question and what it spends (an included review
 * or a credit). With none left, what the course offers instead: a pack of credits to buy.
 */
export default function AskFeedback({ take, number, offer, courseId, onClose }: AskFeedbackProps) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const buyButton = useRef<HTMLButtonElement>(null);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [buying, setBuying] = useState(false);
  const [inCart, setInCart] = useState(false);
  const state = askState(offer);

  useEffect(() => {
    field.current?.focus();
    buyButton.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = questionProblem(question);
    if (problem) {
      setError(problem);
      field.current?.focus();
      return;
    }
    setError(null);
    setSending(true);
    try {
      await askForFeedback(take.id, question);
      toast({ title: 'Sent for feedback', description: `Your instructors answer within ${offer.response_days} ${pluralWord(offer.response_days, 'day')}. You will be told when they do.` });
      onClose();
    } catch (err) {
      const fieldMessage = err instanceof ApiError ? err.validationErrors?.question?.[0] : undefined;
      setError(fieldMessage ?? (err instanceof Error ? err.message : String(err)));
    } finally {
      setSending(false);
    }
  }

  async function buy() {
    setBuying(true);
    try {
      await buyFeedbackCredits(courseId);
      setInCart(true);
      toast({ title: 'Added to cart', description: 'Check out to get your feedback credits, then ask for feedback.' });
    } catch (err) {
      toast({ title: 'Could not add to cart', description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    } finally {
      setBuying(false);
    }
  }

  if (state.kind !== 'ask') {
    return (
      <div className="practice-ask" role="group" aria-label={`Feedback on take ${number}`}>
        <p className="alert alert-info">{state.message}</p>
        <div className="cluster">
          {state.kind === 'buy' &&
            (inCart ? (
              <a className="btn btn-primary btn-sm" href="/cart">
                Go to cart
              </a>
            ) : (
              <button ref={buyButton} type="button" className="btn btn-primary btn-sm" disabled={buying} onClick={() => void buy()}>
                {buying ? 'Adding…' : state.label}
              </button>
            ))}
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="practice-ask form" aria-label={`Ask for feedback on take ${number}`} noValidate onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label htmlFor={`${id}-question`}>What would you like feedback on?</label>
        <textarea
          ref={field}
          id={`${id}-question`}
          value={question}
          maxLength={QUESTION_MAX}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => setQuestion(e.target.value)}
        />
        <p id={`${id}-hint`} className="hint">
          {state.uses} Name a count or a step: “my spot on the turn at 5–6”.
        </p>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="cluster">
        <button type="submit" className="btn btn-primary btn-sm" disabled={sending}>
          {sending ? 'Sending…' : 'Send for feedback'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={sending} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
