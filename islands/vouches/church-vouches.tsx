import { useState } from "react";
import { useT } from "../runtime/i18n-context";
import { api } from "../runtime/api";
import { toast } from "../runtime/toast";
import { errorText } from "../runtime/messages";
import { CopyButton } from "../components/copy-button";
import { VouchBadge } from "./vouch-badge";
import type { VouchJson } from "../../src/features/vouches/vouch-types";

export interface ChurchVouchesProps {
  given: VouchJson[];
  received: VouchJson[];
  /** The member's church as cards name it; "" without one (then nobody can vouch yet). */
  church: string;
  /** What the member's card shows now. */
  shown: { count: number; church: string } | null;
}

function Avatar({ person }: { person: VouchJson["person"] }) {
  return person.photo ? <img className="vouch-avatar" src={person.photo} alt="" loading="lazy" /> : <span className="vouch-avatar vouch-avatar-initial" aria-hidden="true">{person.firstName.slice(0, 1).toUpperCase() || "?"}</span>;
}

/**
 * The profile area's "Church vouches" (docs/decisions/0134): a link to ask people of one's church,
 * vouches waiting for approval, the ones shown, and the ones given.
 */
export function ChurchVouches({ given: initialGiven, received: initialReceived, church, shown }: ChurchVouchesProps) {
  const t = useT();
  const [given, setGiven] = useState(initialGiven);
  const [received, setReceived] = useState(initialReceived);
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const pending = received.filter((vouch) => vouch.status === "pending");
  const accepted = received.filter((vouch) => vouch.status === "accepted");
  // What the card shows, kept current as vouches are approved or removed here: the accepted ones
  // made for the church the member lists now (the server counts the same, vouch-counts.ts).
  const here = (list: VouchJson[]) => list.filter((vouch) => vouch.status === "accepted" && vouch.church === church).length;
  const count = (shown?.count ?? 0) + here(received) - here(initialReceived);
  const badge = count > 0 ? { count, church: shown?.church ?? church } : null;

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } catch (caught) {
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const makeLink = () =>
    run("link", async () => {
      const { url } = await api<{ url: string }>("POST", "/api/vouches/link");
      setLink(url);
    });
  const share = async () => {
    if (link === null) return;
    try {
      await navigator.share({ title: t("profile.vouches.shareTitle"), text: t("profile.vouches.shareText", { church }), url: link });
    } catch {
      // Closing the share sheet is not an error.
    }
  };
  const decide = (vouch: VouchJson, decision: "accept" | "decline") =>
    run(vouch.id, async () => {
      const result = await api<{ status: VouchJson["status"] }>("POST", `/api/vouches/${vouch.id}/${decision}`);
      setReceived((list) => list.map((item) => (item.id === vouch.id ? { ...item, status: result.status } : item)));
      toast({ title: t(decision === "accept" ? "profile.vouches.acceptedToast" : "profile.vouches.declinedToast"), variant: "success" });
    });
  const remove = (vouch: VouchJson, mine: boolean) =>
    run(vouch.id, async () => {
      await api("DELETE", `/api/vouches/${vouch.id}`);
      if (mine) setGiven((list) => list.filter((item) => item.id !== vouch.id));
      else setReceived((list) => list.filter((item) => item.id !== vouch.id));
      toast({ title: t("profile.vouches.removedToast"), variant: "success" });
    });

  return (
    <div className="church-vouches">
      <section className="card vouch-section" aria-labelledby="vouch-ask-title">
        <h2 id="vouch-ask-title">{t("profile.vouches.askTitle")}</h2>
        <VouchBadge vouches={badge} className="vouch-badge-large" />
        {church === "" ? (
          <p className="muted">{t("profile.vouches.noChurch")}</p>
        ) : (
          <>
            <p className="muted">{t("profile.vouches.askBody", { church })}</p>
            <ul className="vouch-rules muted">
              <li>{t("profile.vouches.ruleVerified")}</li>
              <li>{t("profile.vouches.ruleChurch", { church })}</li>
              <li>{t("profile.vouches.ruleApprove")}</li>
            </ul>
            {link === null ? (
              <button type="button" className="button button-primary vouch-link-button" onClick={makeLink} disabled={busy === "link"}>
                {t("profile.vouches.makeLink")}
              </button>
            ) : (
              <div className="vouch-link field" data-testid="vouch-link">
                <label htmlFor="vouch-link-url">{t("profile.vouches.linkLabel")}</label>
                <input id="vouch-link-url" className="vouch-link-url" value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
                <div className="vouch-link-actions">
                  <CopyButton value={link} label={t("profile.vouches.copyLink")} />
                  {canShare ? (
                    <button type="button" className="button button-primary button-small" onClick={share}>
                      {t("profile.vouches.share")}
                    </button>
                  ) : null}
                </div>
                <p className="muted vouch-link-note">{t("profile.vouches.linkNote")}</p>
              </div>
            )}
          </>
        )}
      </section>

      <section className="card vouch-section" aria-labelledby="vouch-pending-title">
        <h2 id="vouch-pending-title">
          {t("profile.vouches.pendingTitle")} {pending.length > 0 ? <span className="badge badge-primary">{pending.length}</span> : null}
        </h2>
        {pending.length === 0 ? (
          <p className="muted">{t("profile.vouches.pendingEmpty")}</p>
        ) : (
          <ul className="vouch-list">
            {pending.map((vouch) => (
              <li key={vouch.id} className="vouch-item" data-testid="vouch-pending">
                <Avatar person={vouch.person} />
                <div className="vouch-item-text">
                  <p className="vouch-item-name">{t("profile.vouches.fromPerson", { name: vouch.person.firstName, church: vouch.church })}</p>
                  {vouch.note ? <blockquote className="vouch-note">{vouch.note}</blockquote> : null}
                  <div className="vouch-item-actions">
                    <button type="button" className="button button-primary button-small" onClick={() => decide(vouch, "accept")} disabled={busy === vouch.id}>
                      {t("profile.vouches.accept")}
                    </button>
                    <button type="button" className="button button-outline button-small" onClick={() => decide(vouch, "decline")} disabled={busy === vouch.id}>
                      {t("profile.vouches.decline")}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {accepted.length > 0 ? (
        <section className="card vouch-section" aria-labelledby="vouch-received-title">
          <h2 id="vouch-received-title">{t("profile.vouches.receivedTitle")}</h2>
          <ul className="vouch-list">
            {accepted.map((vouch) => (
              <li key={vouch.id} className="vouch-item">
                <Avatar person={vouch.person} />
                <div className="vouch-item-text">
                  <p className="vouch-item-name">{t("profile.vouches.fromPerson", { name: vouch.person.firstName, church: vouch.church })}</p>
                  {vouch.note ? <blockquote className="vouch-note">{vouch.note}</blockquote> : null}
                  <button type="button" className="button button-ghost button-small vouch-item-remove" onClick={() => remove(vouch, false)} disabled={busy === vouch.id} aria-label={t("profile.vouches.removeFrom", { name: vouch.person.firstName })}>
                    {t("profile.vouches.remove")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card vouch-section" aria-labelledby="vouch-given-title">
        <h2 id="vouch-given-title">{t("profile.vouches.givenTitle")}</h2>
        {given.length === 0 ? (
          <p className="muted">{t("profile.vouches.givenEmpty")}</p>
        ) : (
          <ul className="vouch-list">
            {given.map((vouch) => (
              <li key={vouch.id} className="vouch-item">
                <Avatar person={vouch.person} />
                <div className="vouch-item-text">
                  <p className="vouch-item-name">{vouch.person.firstName}</p>
                  <p className="muted vouch-item-status">
                    <span className={`badge vouch-status vouch-status-${vouch.status}`}>{t(`profile.vouches.status.${vouch.status}`)}</span> {vouch.church}
                  </p>
                </div>
                <button type="button" className="button button-ghost button-small" onClick={() => remove(vouch, true)} disabled={busy === vouch.id} aria-label={t("profile.vouches.withdrawFor", { name: vouch.person.firstName })}>
                  {t("profile.vouches.withdraw")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
