/**
 * How the server process is started, as `npm run serve` starts it (package.json says the same),
 * so the e2e server, Lighthouse and the bench measure what runs (decision 0034):
 * - V8's young generation at 16 MB per semi-space. Under the checkout's load (20 requests in
 *   flight, each tens of ms) a 4 MB one promoted most of a request's short-lived objects, the old
 *   generation grew ~35 MB/s between major collections and the peak reached ~340 MB; at 16 MB they
 *   die young: ~235 MB, and less CPU per request.
 * - glibc's malloc with at most 2 arenas: each thread that allocates (the event loop, libuv's
 *   pool compressing answers, V8's helpers, the checkpoint thread) otherwise gets arenas of its
 *   own, ~10 MB more resident for nothing measurable in speed.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
