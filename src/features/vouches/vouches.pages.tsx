import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { messageKey } from "../../../islands/runtime/messages";
import { ChurchVouches, type ChurchVouchesProps } from "../../../islands/vouches/church-vouches";
import { VouchForm, type VouchFormProps } from "../../../islands/vouches/vouch-form";
import { currentUser, requirePage } from "../../middleware/guards";
import { AppShell, AuthShell, PageHeader } from "../../views/components";
import { Island } from "../../views/island";
import type { RenderPage } from "../../views/render";
import { churchById } from "../churches/church-directory";
import { churchLabel } from "../churches/church-label";
import { vouchesFor } from "./vouch-counts";
import { vouchLinkOwner } from "./vouch-links";
import { listVouches, vouchRefusal, vouchTarget, type VouchTarget } from "./vouches.service";
import { VOUCH_MESSAGES } from "./vouch-rules";

const labelOf = (target: { churchId: string | null; churchName: string }) => churchLabel(target.churchId === null ? null : (churchById(target.churchId) ?? null), target.churchName);

function ChurchVouchesPage({ props }: { props: ChurchVouchesProps }) {
  const t = useT();
  return (
    <AppShell active="profile">
      <div className="profile-editor-page vouches-page">
        <PageHeader title={t("profile.vouches.title")} back="/profile" />
        <p className="muted vouches-lead">{t("profile.vouches.lead")}</p>
        <Island name="church-vouches" component={ChurchVouches} props={props} />
      </div>
    </AppShell>
  );
}

/** What the link's page says to its visitor (docs/decisions/0134). */
type LinkView =
  | { kind: "invalid" }
  | { kind: "signedOut"; target: VouchTarget; next: string }
  | { kind: "own" }
  | { kind: "refused"; target: VouchTarget; message: string; already: boolean }
  | { kind: "form"; target: VouchTarget; form: VouchFormProps };

/** Who asks; their photo only for a signed-in visitor, as photos are served to members only (decision 0053). */
function Asker({ target, photo }: { target: VouchTarget; photo: boolean }) {
  const t = useT();
  const church = labelOf(target);
  return (
    <div className="vouch-asker">
      {photo && target.photo ? <img className="vouch-asker-photo" src={target.photo} alt="" /> : <span className="vouch-asker-photo vouch-avatar-initial" aria-hidden="true">{target.firstName.slice(0, 1).toUpperCase()}</span>}
      <div>
        <h1 className="vouch-asker-title">{t("profile.vouch.asks", { name: target.firstName })}</h1>
        {church ? (
          <p className="vouch-asker-church" data-testid="vouch-church">
            {church}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function VouchLinkBody({ view }: { view: LinkView }) {
  const t = useT();
  if (view.kind === "invalid" || view.kind === "own") {
    return (
      <div className="card vouch-page-card">
        <h1 className="vouch-asker-title">{t(view.kind === "own" ? "profile.vouch.ownTitle" : "profile.vouch.invalidTitle")}</h1>
        <p className="muted">{t(view.kind === "own" ? "profile.vouch.ownBody" : "profile.vouch.invalidBody")}</p>
        <a className="button button-outline" href={view.kind === "own" ? "/profile/vouches" : "/"}>
          {t(view.kind === "own" ? "profile.vouches.title" : "profile.vouch.toApp")}
        </a>
      </div>
    );
  }
  return (
    <div className="card vouch-page-card">
      <Asker target={view.target} photo={view.kind !== "signedOut"} />
      <p className="vouch-explain">{t("profile.vouch.explain", { name: view.target.firstName })}</p>
      {view.kind === "signedOut" ? (
        <>
          <p className="muted">{t("profile.vouch.signInFirst")}</p>
          <a className="button button-primary button-block" href={`/auth?next=${encodeURIComponent(view.next)}`}>
            {t("profile.vouch.signIn")}
          </a>
        </>
      ) : view.kind === "refused" ? (
        <div className={view.already ? "vouch-refusal vouch-refusal-done" : "vouch-refusal"} role="status" data-testid="vouch-refusal">
          <p className="vouch-refusal-title">{t(view.already ? "profile.vouch.alreadyTitle" : "profile.vouch.cannotTitle")}</p>
          <p>{t(`messages.${messageKey(view.message)}`, { defaultValue: view.message })}</p>
          <a className="button button-outline" href="/">
            {t("profile.vouch.toApp")}
          </a>
        </div>
      ) : (
        <Island name="vouch-form" component={VouchForm} props={view.form} />
      )}
    </div>
  );
}

function VouchLinkPage({ view, signedIn }: { view: LinkView; signedIn: boolean }) {
  const body = (
    <div className="vouch-page">
      <VouchLinkBody view={view} />
    </div>
  );
  return signedIn ? <AppShell>{body}</AppShell> : <AuthShell>{body}</AuthShell>;
}

/** The profile area's Church vouches page, and the page a shared vouch link opens (docs/decisions/0134). */
export function vouchesPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>()
    .get("/profile/vouches", requirePage("withPhoto"), async (c) => {
      const user = currentUser(c);
      const [list, own] = await Promise.all([listVouches(deps, user.id), vouchTarget(deps, user.id)]);
      const shown = own === null ? null : ((await vouchesFor(deps.db, [own])).get(user.id) ?? null);
      const props: ChurchVouchesProps = { ...list, church: own === null ? "" : labelOf(own), shown };
      return render(c, { title: c.get("t")("profile.vouches.title"), entry: "church-vouches", namespaces: ["profile", "discover"] }, <ChurchVouchesPage props={props} />);
    })
    .get("/vouch/:token", async (c) => {
      const t = c.get("t");
      const user = c.get("user");
      c.header("Cache-Control", "no-store");
      // The token is the page's secret: it is not sent on to other sites.
      c.header("Referrer-Policy", "no-referrer");
      const ownerId = await vouchLinkOwner(deps, c.req.param("token"));
      const target = ownerId === null ? null : await vouchTarget(deps, ownerId);
      let view: LinkView;
      if (target === null) view = { kind: "invalid" };
      else if (user === null) view = { kind: "signedOut", target, next: c.req.path };
      else if (user.id === target.id) view = { kind: "own" };
      else {
        const refusal = await vouchRefusal(deps, user.id, target);
        view = refusal === null ? { kind: "form", target, form: { member: { id: target.id, firstName: target.firstName }, church: labelOf(target) } } : { kind: "refused", target, message: refusal.message, already: refusal.message === VOUCH_MESSAGES.already };
      }
      return render(
        c,
        { title: t("profile.vouch.pageTitle"), entry: "vouch-form", namespaces: ["profile"], status: view.kind === "invalid" ? 404 : 200 },
        <VouchLinkPage view={view} signedIn={user !== null} />,
      );
    });
}
