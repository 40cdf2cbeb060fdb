import { useT } from "../runtime/i18n-context";
import { HeartIcon } from "./icons";

/** The screen shown while the session or the next page loads. */
export function LoadingScreen({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="loading-heart" aria-hidden="true">
        <HeartIcon size={40} />
      </span>
      <p>{label ?? t("common.loading")}</p>
    </div>
  );
}

