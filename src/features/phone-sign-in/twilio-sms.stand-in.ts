/**
 * A local Twilio Messages API for tests, written from Twilio's documentation and twilio-node (not
 * from the client): POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic with the
 * Account SID and Auth Token (20003 otherwise), form-encoded To, From and Body; To is required
 * (21604) and must be a number Twilio can reach, in E.164 (400 and 21211 "Invalid 'To' Phone
 * Number"); Body is required (21602). Success: 201 and the Message resource. Errors:
 * {code, message, more_info, status}.
 */
import { startStandInServer } from "../payments/gateways/stand-in-server";

export interface TwilioStandInOptions {
  accountSid: string;
  authToken: string;
}

const twilioError = (status: number, code: number, message: string) => Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });

const E164 = /^\+[1-9]\d{7,14}$/;

export function startTwilioStandIn(options: TwilioStandInOptions) {
  const delivered: { to: string; from: string; body: string; sid: string }[] = [];
  const server = startStandInServer({
    outage: () => twilioError(503, 20500, "Internal Server Error"),
    handle(request) {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.path);
      if (request.method !== "POST" || match === null) return twilioError(404, 20404, "The requested resource was not found");
      const expected = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
      if (request.headers.get("authorization") !== expected || decodeURIComponent(match[1]!) !== options.accountSid) return twilioError(401, 20003, "Authenticate");
      if (!request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) return twilioError(400, 21602, "Message body is required.");
      const form = new URLSearchParams(request.text);
      const to = form.get("To");
      const from = form.get("From");
      const body = form.get("Body");
      if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
      if (!from) return twilioError(400, 21603, "A 'From' phone number is required.");
      if (!body) return twilioError(400, 21602, "Message body is required.");
      if (!E164.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
      const sid = `SM${Bun.SHA256.hash(`${to}${delivered.length}`, "hex").slice(0, 32)}`;
      delivered.push({ to, from, body, sid });
      const now = new Date().toUTCString();
      return Response.json(
        {
          account_sid: options.accountSid,
          api_version: "2010-04-01",
          body,
          date_created: now,
          date_sent: null,
          date_updated: now,
          direction: "outbound-api",
          error_code: null,
          error_message: null,
          from,
          messaging_service_sid: null,
          num_media: "0",
          num_segments: "1",
          price: null,
          price_unit: "USD",
          sid,
          status: "queued",
          subresource_uris: { media: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}/Media.json` },
          to,
          uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}.json`,
        },
        { status: 201 },
      );
    },
  });
  return { ...server, delivered };
}
