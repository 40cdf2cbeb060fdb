/**
 * Whether this process is stopping (src/server.ts): /healthz answers 503 from the signal on, so
 * a balancer sends new requests elsewhere while the requests already here finish.
 */
export const lifecycle = { stopping: false };
