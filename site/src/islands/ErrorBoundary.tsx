import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children?: ReactNode;
  /** Called with the failure; the boundary then shows its page. Without it the error is logged. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

/**
 * A failing island shows the failed-page message instead of disappearing:
 * 'Page Not Found' / 'The requested page could not be loaded.' with a Refresh Page button.
 * Usable as an island around static content or inside other islands (see withErrorBoundary).
 */
export default class ErrorBoundary extends Component<Props, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (this.props.onError) this.props.onError(error, info);
    // Unhandled failures are rethrown outside React's render, so window.onerror and error
    // reporting still see them, while the page shows its message.
    else
      setTimeout(() => {
        throw error;
      });
  }

  render() {
    if (this.state.error) return <PageLoadError />;
    return this.props.children;
  }
}

export function PageLoadError() {
  return (
    <div className="container not-found" role="alert">
      <h1>Page Not Found</h1>
      <p className="lead">The requested page could not be loaded.</p>
      <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
        Refresh Page
      </button>
    </div>
  );
}

/** Wraps an island's component so that a render failure shows the failed-page message. */
export function withErrorBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <ErrorBoundary>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Bounded.displayName = `withErrorBoundary(${Inner.displayName ?? Inner.name})`;
  return Bounded;
}
