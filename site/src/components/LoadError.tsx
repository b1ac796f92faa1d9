/** In place of something that did not load: the message (an alert) and Try again. */
export default function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      <p className="alert-title">{message}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
