/**
 * A local WhatsApp Cloud API for tests, written from Meta's documentation (not from the client):
 * the Messages endpoint POST /{version}/{phone-number-id}/messages with a Bearer token, the
 * authentication template's send shape (a body parameter with the code and the copy-code button as
 * a "url" button at index "0" with the same code), the documented success answer
 * (messaging_product, contacts[{input, wa_id}], messages[{id: "wamid…"}]) and Graph's error object
 * {error: {message, type, code, error_data, fbtrace_id}}: 190 for a bad token, 132001 for a
 * template that does not exist in that language, 131030 for a recipient outside a test number's
 * allowed list, 100 for a malformed request.
 */
import { startStandInServer, type StandInBody } from "../payments/gateways/stand-in-server";

export interface WhatsappStandInOptions {
  token: string;
  phoneNumberId: string;
  /** Approved templates and the languages each was created in. */
  templates: Record<string, string[]>;
  /** A test number sends only to these (131030 otherwise); absent: anyone. */
  allowedRecipients?: string[];
}

const graphError = (status: number, code: number, message: string, details?: string) =>
  Response.json(
    { error: { message, type: "OAuthException", code, ...(details === undefined ? {} : { error_data: { messaging_product: "whatsapp", details } }), fbtrace_id: "AZ1d9wXz3kQ_test" } },
    { status },
  );

const record = (value: unknown): value is StandInBody => typeof value === "object" && value !== null && !Array.isArray(value);

export function startWhatsappStandIn(options: WhatsappStandInOptions) {
  /** The codes delivered, in order: what the member's phone would show. */
  const delivered: { to: string; code: string; language: string; messageId: string }[] = [];
  const server = startStandInServer({
    outage: () => graphError(500, 2, "Service temporarily unavailable"),
    handle(request) {
      const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(request.path);
      if (request.method !== "POST" || match === null) return graphError(400, 100, "Unsupported post request.");
      if (request.headers.get("authorization") !== `Bearer ${options.token}`) return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
      if (match[1] !== options.phoneNumberId) return graphError(400, 100, `Unsupported post request. Object with ID '${match[1]}' does not exist`);
      const body = request.body;
      if (body === null || body.messaging_product !== "whatsapp") return graphError(400, 100, "(#100) The parameter messaging_product is required.");
      if (typeof body.to !== "string" || body.to === "") return graphError(400, 100, "(#100) The parameter to is required.");
      if (body.type !== "template" || !record(body.template)) return graphError(400, 100, "(#100) Param template is required");
      const template = body.template;
      const language = record(template.language) ? template.language.code : undefined;
      const languages = typeof template.name === "string" ? options.templates[template.name] : undefined;
      if (languages === undefined || typeof language !== "string" || !languages.includes(language)) {
        return graphError(404, 132001, "(#132001) Template name does not exist in the translation", `template name (${String(template.name)}) does not exist in ${String(language)}`);
      }
      // An authentication template takes the code twice: the body's one parameter and the
      // copy-code button's (a URL button at index 0).
      const components = Array.isArray(template.components) ? template.components.filter(record) : [];
      const bodyComponent = components.find((component) => component.type === "body");
      const button = components.find((component) => component.type === "button");
      const textOf = (component: StandInBody | undefined) => {
        const parameters = Array.isArray(component?.parameters) ? component.parameters.filter(record) : [];
        return parameters.length === 1 && parameters[0]!.type === "text" && typeof parameters[0]!.text === "string" ? parameters[0]!.text : null;
      };
      const code = textOf(bodyComponent);
      if (code === null) return graphError(400, 132000, "(#132000) Number of parameters does not match the expected number of params", "body: number of localizable_params (0) does not match the expected number of params (1)");
      if (button === undefined || button.sub_type !== "url" || String(button.index) !== "0" || textOf(button) !== code) {
        return graphError(400, 131008, "(#131008) Required parameter is missing", "buttons: a URL button parameter at index 0 with the code is required for this authentication template");
      }
      const to = body.to.replace(/^\+/, "");
      if (options.allowedRecipients !== undefined && !options.allowedRecipients.includes(`+${to}`)) {
        return graphError(400, 131030, "(#131030) Recipient phone number not in allowed list", "Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.");
      }
      const messageId = `wamid.HBgN${to}FQIAERgSQzY5QTk3${String(delivered.length).padStart(6, "0")}`;
      delivered.push({ to: `+${to}`, code, language, messageId });
      return Response.json({ messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: to }], messages: [{ id: messageId }] });
    },
  });
  return { ...server, delivered, apiUrl: `${server.url}/v24.0` };
}
