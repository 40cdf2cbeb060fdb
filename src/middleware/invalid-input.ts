/**
 * The zod-validator hook of routes whose bad input has one answer: 400 with that message
 * (the specification's { message } body), the same whichever field was wrong.
 */
export const invalidInput = (message: string) => (result: { success: boolean }, c: { json: (body: unknown, status: 400) => Response }) =>
  result.success ? undefined : c.json({ message }, 400);

/** The zValidator hook of routes whose schema says what was wrong: 400 with the first problem's message. */
export const rejectInvalid = (result: { success: boolean; error?: { issues: { message: string }[] } }, c: { json: (body: unknown, status: 400) => Response }) =>
  result.success ? undefined : c.json({ message: result.error?.issues[0]?.message ?? "Invalid input" }, 400);
