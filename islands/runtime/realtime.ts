/**
 * The page's live connection to /ws (spec point 4): one socket per page, shared by every
 * island. On close it reconnects up to 3 times, waiting 2 s × the attempt number; the counter
 * resets on open. A server restarting (1012, "Service Restart") is reconnected at once, within a
 * random fraction of a second so a whole instance's pages do not arrive in the same instant.
 * After a reconnect, listeners of "reconnected" fetch what they missed.
 */
import { apiUrl } from "./api";
import { SeenIds } from "./seen-ids";
import { WS_RECONNECT_ATTEMPTS, WS_RECONNECT_BASE_DELAY_MS } from "../../src/platform/constants";
import type { CallType, ServerFrame } from "../../src/realtime/frames";

export type { ServerFrame };
type FrameType = ServerFrame["type"];
type FrameOf<T extends FrameType> = Extract<ServerFrame, { type: T }>;
type LifecycleEvent = "reconnected" | "offline" | "open" | "ended";

/** Session-ended closes from the server: reconnecting would only be refused. */
const FINAL_CLOSE_CODES = new Set([4001, 4003, 1008]);
/** The server is restarting (src/server.ts): another instance, or its successor, takes the page. */
const SERVICE_RESTART = 1012;
const RESTART_SPREAD_MS = 500;
/** The server closed the socket because the session ended (4001) or the account was suspended (4003). */
const SESSION_ENDED_CLOSE_CODES = new Set([4001, 4003]);
/** Message ids remembered to drop a repeated new_message (a catch-up after a Redis outage may resend one). */
const SEEN_MESSAGES_KEPT = 1000;

/** Runs `reconnect` after `delayMs`; a test passes one that records the delays instead of waiting them. */
export type ReconnectTimer = (reconnect: () => void, delayMs: number) => void;

export class RealtimeClient {
  readonly #schedule: ReconnectTimer;
  #ws: WebSocket | null = null;
  #attempts = 0;
  #everOpened = false;
  #started = false;
  #queue: string[] = [];
  #frameHandlers = new Map<string, Set<(frame: never) => void>>();
  #lifecycle = new Map<LifecycleEvent, Set<() => void>>();
  #seenMessages = new SeenIds(SEEN_MESSAGES_KEPT);
  /** The user of this socket (from the server's "ready" frame). */
  userId: string | null = null;
  /** The match whose chat is on screen: its new messages need no toast. */
  viewingMatch: string | null = null;
  /** Handlers that answer a call in place (the chat page of that match registers one). */
  answerHandlers = new Map<string, (callType: CallType) => void>();

  constructor(options: { schedule?: ReconnectTimer } = {}) {
    this.#schedule = options.schedule ?? ((reconnect, delayMs) => setTimeout(reconnect, delayMs));
  }

  start() {
    if (this.#started || typeof WebSocket === "undefined") return;
    this.#started = true;
    this.#connect();
  }

  get isOpen() {
    return this.#ws?.readyState === WebSocket.OPEN;
  }

  /** Sends now, or as soon as the socket is open. */
  send(frame: Record<string, unknown> & { type: string }) {
    const text = JSON.stringify(frame);
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(text);
    else this.#queue.push(text);
  }

  /** Sends only if the socket is open (typing indicators are worthless later). */
  sendIfOpen(frame: Record<string, unknown> & { type: string }) {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(frame));
  }

  on<T extends FrameType>(type: T, handler: (frame: FrameOf<T>) => void): () => void {
    let set = this.#frameHandlers.get(type);
    if (set === undefined) this.#frameHandlers.set(type, (set = new Set()));
    set.add(handler as (frame: never) => void);
    return () => set.delete(handler as (frame: never) => void);
  }

  onLifecycle(event: LifecycleEvent, handler: () => void): () => void {
    let set = this.#lifecycle.get(event);
    if (set === undefined) this.#lifecycle.set(event, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  #emitLifecycle(event: LifecycleEvent) {
    for (const handler of this.#lifecycle.get(event) ?? []) handler();
  }

  #url() {
    const url = new URL(apiUrl("/ws"), location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    return url.toString();
  }

  #connect() {
    const ws = new WebSocket(this.#url());
    this.#ws = ws;
    ws.onopen = () => {
      this.#attempts = 0;
      const queued = this.#queue;
      this.#queue = [];
      for (const text of queued) ws.send(text);
      this.#emitLifecycle("open");
      if (this.#everOpened) this.#emitLifecycle("reconnected");
      this.#everOpened = true;
    };
    ws.onmessage = (event) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === "ready") this.userId = frame.userId;
      // Each message once: a second copy would count twice in unread badges and toasts.
      if (frame.type === "new_message" && !this.#seenMessages.firstTime(frame.message.id)) return;
      for (const handler of this.#frameHandlers.get(frame.type) ?? []) (handler as (frame: ServerFrame) => void)(frame);
    };
    ws.onclose = (event) => {
      if (this.#ws !== ws) return;
      this.#ws = null;
      if (FINAL_CLOSE_CODES.has(event.code) || this.#attempts >= WS_RECONNECT_ATTEMPTS) {
        this.#emitLifecycle("offline");
        if (SESSION_ENDED_CLOSE_CODES.has(event.code)) this.#emitLifecycle("ended");
        return;
      }
      if (event.code === SERVICE_RESTART && this.#attempts === 0) {
        this.#attempts++;
        this.#schedule(() => this.#connect(), Math.random() * RESTART_SPREAD_MS);
        return;
      }
      this.#attempts++;
      this.#schedule(() => this.#connect(), WS_RECONNECT_BASE_DELAY_MS * this.#attempts);
    };
  }
}

export const realtime = new RealtimeClient();
