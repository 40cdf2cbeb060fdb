/** The member's church vouches for "download my data" (MATCHING.md: the export's `vouches` section). */
import type { Database } from "../../../db/client";
import { listVouches } from "./vouches.service";

/**
 * Given and received, each with the church, the note, the status and its dates, and the other
 * person's first name as the member was shown it (nothing more of theirs).
 */
export async function vouchesForExport(db: Database, userId: string) {
  const { given, received } = await listVouches({ db }, userId);
  const shape = (direction: "to" | "from") => (vouch: (typeof given)[number]) => ({
    id: vouch.id,
    [direction]: { id: vouch.person.id, firstName: vouch.person.firstName },
    church: vouch.church,
    note: vouch.note,
    status: vouch.status,
    createdAt: vouch.createdAt,
    decidedAt: vouch.decidedAt,
  });
  return { given: given.map(shape("to")), received: received.map(shape("from")) };
}
