/**
 * What every gateway stand-in shares (test support): a loopback HTTP server that records each
 * request, parses its JSON body, and can fail the next call like a gateway in trouble — an error
 * answer at once ("500"), or one after 30 s ("slow", longer than any caller waits).
 */
export type StandInBody = Record<string, unknown>;

export interface StandInRequest {
  method: string;
  url: URL;
  path: string;
  headers: Headers;
  /** The exact body bytes as text (signatures cover them). */
  text: string;
  body: StandInBody | null;
}

export function startStandInServer(options: { outage: () => Response; handle: (request: StandInRequest) => Response | Promise<Response> }) {
  const requests: StandInRequest[] = [];
  let failure: "500" | "slow" | null = null;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 60,
    async fetch(raw) {
      const url = new URL(raw.url);
      const text = await raw.text();
      let body: StandInBody | null = null;
      try {
        body = text === "" ? null : (JSON.parse(text) as StandInBody);
      } catch {
        body = null;
      }
      const request = { method: raw.method, url, path: url.pathname, headers: raw.headers, text, body };
      requests.push(request);
      if (failure !== null) {
        const mode = failure;
        failure = null;
        if (mode === "slow") await Bun.sleep(30_000);
        return options.outage();
      }
      return options.handle(request);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    failNext(mode: "500" | "slow") {
      failure = mode;
    },
    stop: () => server.stop(true),
  };
}
