import { createServer, type Socket } from "node:net";

/**
 * A tiny SMTP server (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) for tests:
 * it accepts every message and keeps the raw DATA, so a test can see what a real relay would get.
 * `acceptDelayMs` makes it a slow relay: a message counts only once its "250 queued" is sent,
 * that long after the data ended, and a client that hangs up before then has delivered nothing.
 */
export async function startSmtpStandIn(options: { acceptDelayMs?: number } = {}) {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const handle = (socket: Socket) => {
    let buffer = "";
    let inData = false;
    let envelope = { from: "", to: [] as string[] };
    let data = "";
    socket.write("220 stand-in ESMTP ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          // Undo dot-stuffing (RFC 5321 4.5.2).
          const message = { ...envelope, data: data.replace(/^\.\./gm, ".") };
          envelope = { from: "", to: [] };
          data = "";
          const accept = () => {
            if (socket.destroyed || socket.readyState !== "open") return;
            messages.push(message);
            socket.write("250 2.0.0 queued\r\n");
          };
          if (options.acceptDelayMs === undefined) accept();
          else setTimeout(accept, options.acceptDelayMs);
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-stand-in\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n");
        else if (verb === "HELO") socket.write("250 stand-in\r\n");
        else if (verb === "MAIL") {
          envelope.from = line.slice(line.indexOf(":") + 1).trim();
          socket.write("250 2.1.0 ok\r\n");
        } else if (verb === "RCPT") {
          envelope.to.push(line.slice(line.indexOf(":") + 1).trim());
          socket.write("250 2.1.5 ok\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 end data with <CR><LF>.<CR><LF>\r\n");
        } else if (verb === "RSET" || verb === "NOOP") socket.write("250 ok\r\n");
        else if (verb === "QUIT") {
          socket.write("221 bye\r\n");
          socket.end();
          return;
        } else socket.write("502 5.5.2 command not recognized\r\n");
      }
    });
    socket.on("error", () => socket.destroy());
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no address");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
