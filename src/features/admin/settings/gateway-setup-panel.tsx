import { useT } from "../../../../islands/runtime/i18n-context";
import { Badge } from "../admin-ui";
import type { Gateway } from "../settings.registry";
import type { GatewaySetup } from "./gateway-setup";

/** "Test keys" / "Live keys" / "No keys", beside a gateway's title (ADMIN.md 'Gateway setup'). */
export function GatewayModeBadge({ setup }: { setup: GatewaySetup }) {
  const t = useT();
  if (!setup.configured) return <Badge>{t("admin.money.setup.mode.none")}</Badge>;
  if (setup.mode === "live") return <Badge tone="success">{t("admin.money.setup.mode.live")}</Badge>;
  if (setup.mode === "test") return <Badge tone="warning">{t("admin.money.setup.mode.test")}</Badge>;
  return <Badge>{t("admin.money.setup.mode.unknown")}</Badge>;
}

/**
 * Below a gateway's key form: the notification URL to paste into the gateway's dashboard, with a
 * copy button, and "Test connection" (one harmless authenticated call; the answer is a toast).
 * Outside the key form, so neither button ever sends the typed keys anywhere.
 */
export function GatewaySetupPanel({ gateway, setup }: { gateway: Gateway; setup: GatewaySetup }) {
  const t = useT();
  const name = t(`admin.gateways.${gateway}`);
  const urlId = `${gateway}-notify-url`;
  return (
    <div className="admin-gateway-setup" aria-label={t("admin.money.setup.label", { gateway: name })} role="group">
      <div className="admin-gateway-setup-row">
        <span id={`${urlId}-label`} className="admin-gateway-setup-label">
          {t("admin.money.setup.notificationUrl")}
        </span>
        <div className="admin-copy-row">
          <code id={urlId} className="admin-code admin-copy-value" aria-labelledby={`${urlId}-label`}>
            {setup.notificationUrl}
          </code>
          <button type="button" className="button button-outline button-small" data-copy={setup.notificationUrl} data-copy-item={t("admin.money.setup.notificationUrlItem", { gateway: name })}>
            {t("common.copy.copy")}
            <span className="visually-hidden"> {t("admin.money.setup.notificationUrlItem", { gateway: name })}</span>
          </button>
        </div>
        <span className="field-hint">{t("admin.money.setup.notificationUrlHint", { gateway: name })}</span>
      </div>
      <div className="admin-gateway-setup-row admin-gateway-test">
        <button
          type="button"
          className="button button-outline"
          hx-post={`/api/admin/payment-config/${gateway}/test`}
          hx-swap="none"
          disabled={!setup.configured}
          aria-describedby={`${gateway}-test-hint`}
          data-error-title={t("admin.money.setup.testFailed", { gateway: name })}
        >
          {t("admin.money.setup.test")}
        </button>
        <span id={`${gateway}-test-hint`} className="field-hint">
          {setup.configured ? t("admin.money.setup.testHint") : t("admin.money.setup.testNeedsKeys")}
        </span>
      </div>
    </div>
  );
}
