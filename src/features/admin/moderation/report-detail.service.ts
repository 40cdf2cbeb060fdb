/**
 * One report as the admin decides it (ADMIN.md 'Reports that act', docs/decisions/0129): the
 * reported member's photos and profile beside the kept messages. The live profile while the
 * account exists; the snapshot taken at filing once it is gone, its photos read from the evidence
 * folder (src/features/safety/report-snapshot.ts).
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../../app-env";
import { photos, profiles, reports, users, type ReportedProfileSnapshot } from "../../../../db/schema";
import { STORED_FILE_NAME, uploadsDir } from "../../profile/photos/photo-store";
import { evidenceDir } from "../../safety/report-snapshot";
import { photoUrl } from "../../profile/profile-json";
import { reportEvidence } from "./moderation.service";

export interface ReportedProfileView {
  /** "live": the account as it is now; "snapshot": as it was when the report was filed (the account is gone). */
  source: "live" | "snapshot";
  name: string;
  age: number | null;
  gender: string | null;
  city: string | null;
  bio: string;
  prompts: { id: string; answer: string }[];
  /** Full-size photo addresses, in the member's order. */
  photoUrls: string[];
  /** Hidden from Discover now, and by whom (live only). */
  hiddenBy: "admin" | "reports" | null;
}

export const evidencePhotoUrl = (reportId: string, fileName: string) => `/admin/moderation/reports/${reportId}/photos/${fileName}`;

async function liveProfile(deps: Pick<AppDeps, "db">, userId: string): Promise<ReportedProfileView | null> {
  const [row] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName, hiddenBy: users.hiddenBy, hiddenAt: users.hiddenAt, age: profiles.age, gender: profiles.gender, city: profiles.city, bio: profiles.bio, prompts: profiles.prompts })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (row === undefined) return null;
  const files = await deps.db.select({ fileName: photos.fileName }).from(photos).where(eq(photos.userId, userId)).orderBy(photos.position);
  return {
    source: "live",
    name: `${row.firstName} ${row.lastName}`.trim(),
    age: row.age,
    gender: row.gender,
    city: row.city,
    bio: row.bio ?? "",
    prompts: row.prompts ?? [],
    photoUrls: files.map((file) => photoUrl(file.fileName)),
    hiddenBy: row.hiddenAt === null ? null : (row.hiddenBy ?? "admin"),
  };
}

function snapshotProfile(reportId: string, snapshot: ReportedProfileSnapshot): ReportedProfileView {
  return {
    source: "snapshot",
    name: snapshot.name,
    age: snapshot.age,
    gender: snapshot.gender ?? null,
    city: snapshot.city ?? null,
    bio: snapshot.bio,
    prompts: snapshot.prompts,
    photoUrls: snapshot.photos.filter((name) => STORED_FILE_NAME.test(name)).map((name) => evidencePhotoUrl(reportId, name)),
    hiddenBy: null,
  };
}

/** The report, its kept messages and the reported profile; null for an unknown report. */
export async function reportDetail(deps: Pick<AppDeps, "db">, reportId: string) {
  const evidence = await reportEvidence(deps, reportId);
  if (evidence === null) return null;
  const [row] = await deps.db.select({ snapshot: reports.reportedSnapshot }).from(reports).where(eq(reports.id, reportId)).limit(1);
  const live = evidence.report.reportedUser.id === null ? null : await liveProfile(deps, evidence.report.reportedUser.id);
  const profile = live ?? (row?.snapshot ? snapshotProfile(reportId, row.snapshot) : null);
  return { ...evidence, profile };
}

export type ReportDetail = NonNullable<Awaited<ReturnType<typeof reportDetail>>>;

/**
 * The path of a photo the report's snapshot names: its evidence copy, else the upload (a report
 * filed before copies were kept). Null for a file the snapshot does not name, so this serves
 * nothing else of the data directory.
 */
export async function evidencePhotoPath(deps: Pick<AppDeps, "db" | "config">, reportId: string, fileName: string): Promise<string | null> {
  if (!STORED_FILE_NAME.test(fileName)) return null;
  const [row] = await deps.db.select({ snapshot: reports.reportedSnapshot }).from(reports).where(eq(reports.id, reportId)).limit(1);
  if (!row?.snapshot?.photos.includes(fileName)) return null;
  for (const folder of [evidenceDir(deps.config.dataDir), uploadsDir(deps.config.dataDir)]) {
    const path = join(folder, fileName);
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  return null;
}
