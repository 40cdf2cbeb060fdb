import { useT } from "../runtime/i18n-context";
import { HeartIcon } from "./icons";

/**
 * The screen shown while the session or the next page loads. `fullscreen` covers the whole
 * viewport (after sign-in, while the browser fetches the next page); without it the screen fills
 * the content area it is placed in.
 */
export function LoadingScreen({ label, fullscreen = false }: { label?: string; fullscreen?: boolean }) {
  const t = useT();
  return (
    <div className={fullscreen ? "loading-screen loading-screen-fullscreen" : "loading-screen"} role="status" aria-live="polite">
      <span className="loading-mark" aria-hidden="true">
        <span className="loading-heart">
          <HeartIcon size={40} />
        </span>
      </span>
      <p className="loading-label">{label ?? t("common.loading")}</p>
    </div>
  );
}
