/**
 * The new-message toast as a phone's messenger shows it (docs/decisions/0139): the sender's name
 * first, then the start of the message ("Kevin" / "Halo, apa kabar…"), in any language.
 */

/** Characters of the message the toast shows before "…". */
export const MESSAGE_TOAST_PREVIEW_CHARS = 80;

export function messageToast(senderFirstName: string, content: string): { title: string; description: string } {
  const text = content.replace(/\s+/g, " ").trim();
  // Cut by code points, so an emoji at the edge is never split in half.
  const chars = [...text];
  const description = chars.length > MESSAGE_TOAST_PREVIEW_CHARS ? `${chars.slice(0, MESSAGE_TOAST_PREVIEW_CHARS - 1).join("").trimEnd()}…` : text;
  return { title: senderFirstName, description };
}
