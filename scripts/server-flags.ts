/**
 * The Node flags the server runs with, as `npm run serve` starts it (package.json says the same):
 * V8's young generation at 16 MB per semi-space. Under the checkout's load (20 requests in flight,
 * each tens of ms) a 4 MB young generation promoted most of a request's short-lived objects, the
 * old generation grew ~35 MB/s between major collections and the peak reached ~340 MB; at 16 MB
 * they die young: peak ~235 MB, and less CPU per request (decision 0034).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
