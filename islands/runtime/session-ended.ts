import type { TFunction } from "i18next";
import { toast } from "./toast";

/** Long enough to read the toast before the sign-in page replaces this one. */
export const SIGN_IN_AGAIN_DELAY_MS = 1500;

/**
 * A call found the session gone (expired, signed out in another tab, banned): say so and go to
 * the sign-in page (spec point 8). Only the first call of a burst acts.
 */
export function sessionEndedHandler(t: TFunction, goTo: (path: string) => void = (path) => window.location.assign(path)) {
  let leaving = false;
  return () => {
    if (leaving) return;
    leaving = true;
    toast({ title: t("toast.unauthorized"), description: t("toast.loggedOutRelogging"), variant: "destructive" });
    setTimeout(() => goTo("/auth"), SIGN_IN_AGAIN_DELAY_MS);
  };
}
