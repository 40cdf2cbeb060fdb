import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { VerifyPanel, type VerifyPanelProps } from "../../../islands/verify-panel";
import { currentUser, requirePage } from "../../middleware/guards";
import { AppShell, PageHeader } from "../../views/components";
import { Island } from "../../views/island";
import type { RenderPage } from "../../views/render";
import { verificationStateOf } from "./verification.service";

function VerifyPage({ panel }: { panel: VerifyPanelProps }) {
  const t = useT();
  return (
    <AppShell active="profile">
      <div className="verify-page">
        <PageHeader title={t("verification.title")} back="/profile" />
        <Island name="verify-panel" component={VerifyPanel} props={panel} />
      </div>
    </AppShell>
  );
}

/** /verify: photo verification for a member with a photo (docs/decisions/0093). */
export function verificationPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>().get("/verify", requirePage("withPhoto"), async (c) => {
    const state = await verificationStateOf(deps, currentUser(c).id);
    return render(c, { title: c.get("t")("verification.title"), entry: "verify", namespaces: ["verification"] }, <VerifyPage panel={{ state }} />);
  });
}
