/**
 * A warning an admin sent (ADMIN.md 'One member' warn; docs/decisions/0128), shown to the member
 * on the next page they open, once. The page renderer asks for the member's unseen warnings (an
 * index read, member_warnings_user_idx) and marks the ones it shows as seen in the same request,
 * so a second page or a second tab does not show them again. The notice is an open <dialog> the
 * member closes with its button (a form with method="dialog": no script needed).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Context } from "hono";
import type { ReactNode } from "react";
import type { Database } from "../../../db/client";
import { memberWarnings } from "../../../db/schema";
import type { AppEnv } from "../../app-env";
import type { Clock } from "../../platform/clock";
import type { RenderPage } from "../../views/render";
import { sideWrite } from "../../operations/storage-health";

export interface ShownWarning {
  id: string;
  message: string;
  createdAt: Date;
}

/** The member's warnings not yet shown, oldest first (an index read on every signed-in page). */
export async function unseenWarnings(db: Database, userId: string): Promise<ShownWarning[]> {
  return db
    .select({ id: memberWarnings.id, message: memberWarnings.message, createdAt: memberWarnings.createdAt })
    .from(memberWarnings)
    .where(and(eq(memberWarnings.userId, userId), isNull(memberWarnings.seenAt)))
    .orderBy(asc(memberWarnings.createdAt), asc(memberWarnings.id))
    .limit(10);
}

/** Marks them seen; only the rows still unseen are taken, so two pages opened at once show a warning once. */
export async function markWarningsSeen(db: Database, clock: Clock, warnings: ShownWarning[]): Promise<ShownWarning[]> {
  const marked = await db
    .update(memberWarnings)
    .set({ seenAt: clock.now() })
    .where(and(inArray(memberWarnings.id, warnings.map((row) => row.id)), isNull(memberWarnings.seenAt)))
    .returning({ id: memberWarnings.id });
  const taken = new Set(marked.map((row) => row.id));
  return warnings.filter((row) => taken.has(row.id));
}

export function MemberWarningNotice({ warnings, t }: { warnings: ShownWarning[]; t: (key: string) => string }) {
  return (
    <dialog open className="dialog member-warning" role="alertdialog" aria-modal="false" aria-labelledby="member-warning-title" aria-describedby="member-warning-lead">
      <form method="dialog" className="dialog-content">
        <h2 id="member-warning-title" className="dialog-title">
          {t("memberWarning.title")}
        </h2>
        <p id="member-warning-lead" className="dialog-description">
          {t("memberWarning.lead")}
        </p>
        {warnings.map((warning) => (
          <blockquote key={warning.id} className="member-warning-message">
            {warning.message}
          </blockquote>
        ))}
        <p className="dialog-description">{t("memberWarning.footer")}</p>
        <div className="dialog-actions">
          <button type="submit" className="button button-primary" autoFocus>
            {t("memberWarning.ok")}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * The page renderer with the notice: a signed-in member's next page (of any kind) carries their
 * unseen warnings. Seen-marking is a side write: on a full disk the notice shows now and again
 * later rather than failing the page.
 */
export function withMemberWarnings(deps: { db: Database; clock: Clock }, render: RenderPage): RenderPage {
  return async (c: Context<AppEnv>, options, body: ReactNode) => {
    const user = c.get("user");
    if (user === null || (options.status !== undefined && options.status !== 200)) return render(c, options, body);
    const unseen = await unseenWarnings(deps.db, user.id);
    if (unseen.length === 0) return render(c, options, body);
    let warnings = unseen;
    await sideWrite(deps.db, "member warning shown", async () => {
      warnings = await markWarningsSeen(deps.db, deps.clock, unseen);
    });
    if (warnings.length === 0) return render(c, options, body);
    return render(
      c,
      options,
      <>
        {body}
        <MemberWarningNotice warnings={warnings} t={c.get("t")} />
      </>,
    );
  };
}
