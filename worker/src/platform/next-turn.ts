/**
 * A turn of the event loop. The embedded database answers on the server's own thread and its
 * promises resolve as microtasks, so a loop of statements never lets another request in by itself:
 * long work awaits this between its steps (Node's setImmediate; elsewhere a timer).
 */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
