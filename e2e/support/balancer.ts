/**
 * A small load balancer for the two-instance tests: one origin in front of several Kasih
 * instances, as nginx or a cloud balancer would be. It forwards HTTP and WebSocket traffic to
 * the instance a `kasih_instance` cookie names (the tests pin each member's browser to one), or
 * to the first one. Compressed bodies pass through untouched.
 */
import type { ServerWebSocket } from "bun";

interface Tunnel {
  upstream: WebSocket | null;
  pending: (string | Buffer)[];
  target: string;
  path: string;
  headers: Record<string, string>;
}

export interface Balancer {
  origin: string;
  port: number;
  stop(): void;
}

function pick(targets: string[], cookie: string | null): string {
  const named = /(?:^|;\s*)kasih_instance=(\d+)/.exec(cookie ?? "")?.[1];
  return targets[Number(named ?? 0)] ?? targets[0]!;
}

/** `targets`: the instances' origins ("http://127.0.0.1:4001"); `port`: where the balancer listens. */
export function startBalancer(port: number, targets: string[]): Balancer {
  const server = Bun.serve<Tunnel>({
    port,
    hostname: "127.0.0.1",
    async fetch(request, bun) {
      const target = pick(targets, request.headers.get("Cookie"));
      const url = new URL(request.url);
      if (request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
        const headers: Record<string, string> = {};
        for (const name of ["Cookie", "Origin", "User-Agent"]) {
          const value = request.headers.get(name);
          if (value !== null) headers[name] = value;
        }
        return bun.upgrade(request, { data: { upstream: null, pending: [], target, path: url.pathname + url.search, headers } }) ? undefined : new Response("upgrade failed", { status: 400 });
      }
      try {
        return await fetch(`${target}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body: request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer(),
          redirect: "manual",
          decompress: false,
        } as RequestInit);
      } catch {
        // The instance is gone: what a balancer answers while it has no healthy upstream.
        return new Response("Bad gateway", { status: 502 });
      }
    },
    websocket: {
      open(ws: ServerWebSocket<Tunnel>) {
        const upstream = new WebSocket(`${ws.data.target.replace(/^http/, "ws")}${ws.data.path}`, { headers: ws.data.headers } as unknown as string[]);
        ws.data.upstream = upstream;
        upstream.onopen = () => {
          for (const message of ws.data.pending.splice(0)) upstream.send(message as string);
        };
        upstream.onmessage = (event) => ws.send(typeof event.data === "string" ? event.data : new Uint8Array(event.data as ArrayBuffer));
        upstream.onclose = (event) => ws.close(event.code === 1005 || event.code === 1006 ? 1011 : event.code, event.reason);
      },
      message(ws, message) {
        const upstream = ws.data.upstream;
        if (upstream !== null && upstream.readyState === WebSocket.OPEN) upstream.send(message as string);
        else ws.data.pending.push(message);
      },
      close(ws, code, reason) {
        ws.data.upstream?.close(code === 1005 || code === 1006 ? 1000 : code, reason);
      },
    },
  });
  return { origin: `http://localhost:${server.port}`, port: server.port!, stop: () => void server.stop(true) };
}
