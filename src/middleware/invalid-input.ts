/**
 * The zod-validator hook of routes whose bad input has one answer: 400 with that message
 * (the specification's { message } body), the same whichever field was wrong.
 */
export const invalidInput = (message: string) => (result: { success: boolean }, c: { json: (body: unknown, status: 400) => Response }) =>
  result.success ? undefined : c.json({ message }, 400);
