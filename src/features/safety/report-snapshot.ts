/**
 * The reported member as they were when a report was filed (ADMIN.md 'Reports that act',
 * docs/decisions/0129): their profile kept in the report row, their photos kept as hard links
 * under $DATA_DIR/evidence. Either outlives the account and any photo the member replaces: a link
 * is a second name of the same file, so removing the upload leaves the bytes, and it costs no copy.
 */
import { copyFile, link, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { log } from "../../platform/log";
import { STORED_FILE_NAME, thumbFileName, uploadsDir } from "../profile/photos/photo-store";
import { PRIVATE_FOLDER_MODE } from "../../operations/file-modes";

export function evidenceDir(dataDir: string): string {
  return join(dataDir, "evidence");
}

/** The snapshot as one JSON value, evaluated inside the report's INSERT (the shape of ReportedProfileSnapshot). */
export function reportedSnapshotSql(reportedId: string, now: Date) {
  return sql`(select json_object(
      'name', trim(u.first_name || ' ' || u.last_name), 'age', p.age, 'gender', p.gender, 'city', p.city, 'bio', coalesce(p.bio, ''),
      'prompts', json(coalesce(p.prompts, '[]')),
      'photos', json((select json_group_array(file_name) from (select file_name from photos where user_id = u.id order by position))),
      'takenAt', ${now.getTime()})
    from users u left join profiles p on p.user_id = u.id where u.id = ${reportedId})`;
}

/**
 * Links the snapshot's photos (and thumbnails) into the evidence folder; one that is already
 * there is kept. A link that fails (another file system) becomes a copy; a photo removed in the
 * moment since the report was filed is logged, the report stands without it.
 */
export async function keepEvidencePhotos(dataDir: string, fileNames: readonly string[]): Promise<void> {
  if (fileNames.length === 0) return;
  const target = evidenceDir(dataDir);
  await mkdir(target, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const source = uploadsDir(dataDir);
  const names = fileNames.filter((name) => STORED_FILE_NAME.test(name)).flatMap((name) => [name, thumbFileName(name)]);
  await Promise.all(
    names.map(async (name) => {
      try {
        await link(join(source, name), join(target, name));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EEXIST") return;
        if (code === "EXDEV" || code === "EPERM") return copyFile(join(source, name), join(target, name)).catch(() => log.warn(`reports: photo ${name} could not be kept as evidence`));
        // Thumbnails are missing for photos stored before they existed.
        if (code === "ENOENT" && name.includes(".thumb.")) return;
        log.warn(`reports: photo ${name} could not be kept as evidence (${code ?? (error as Error).message})`);
      }
    }),
  );
}
