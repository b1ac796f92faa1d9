import type { IncomingMessage, ServerResponse } from 'node:http';

type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void;

/**
 * The Node server's requests that change something (every method but GET and HEAD), started in
 * the order they arrived, one per turn of the event loop (decision 0034).
 *
 * Why: libuv waits on the sockets level-triggered, so the kernel hands the ready connections back
 * in the order they were first seen, not in the order their requests came. Under load a connection
 * whose answer was the last of a round sends its next request just after the next round was
 * picked up: it waits that whole round, and then is served last of the one after, twice the wait
 * of the others (with 20 connections, one request in 20 waited ~2×: p99 twice the median). Taking
 * one queued request per turn lets the loop look at the sockets between requests, so a request
 * that came meanwhile queues behind those already waiting and every request waits about one round.
 *
 * Reads are not queued: the public ones are answered from memory in microseconds (a turn per read
 * would cost more than the read) and the rest are short. A queued request only waits to start:
 * once started it runs as before, and one that waits on I/O does not hold up the next.
 */
export function writesInTurn(listener: NodeListener): NodeListener {
  const waiting: [IncomingMessage, ServerResponse][] = [];
  let turnAsked = false;

  function askTurn(): void {
    turnAsked = true;
    setImmediate(nextTurn);
  }

  function nextTurn(): void {
    turnAsked = false;
    const next = waiting.shift();
    if (waiting.length > 0) askTurn();
    if (!next) return;
    const [incoming, outgoing] = next;
    try {
      listener(incoming, outgoing);
    } catch (err) {
      // The app's listener answers its own errors; this is a last guard, so the queue goes on.
      console.error('A request could not be started', err);
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ message: 'Internal server error' }));
    }
  }

  return (incoming, outgoing) => {
    if (incoming.method === 'GET' || incoming.method === 'HEAD') {
      listener(incoming, outgoing);
      return;
    }
    waiting.push([incoming, outgoing]);
    if (!turnAsked) askTurn();
  };
}
