import type { Config } from "../../config";
import { firebaseWebConfig } from "../auth/firebase-client-config";

/**
 * What the setup, test and migration pages show about the server's configuration. Built only
 * from the real config: an unset value is `null` (shown as Missing), a set one is shown
 * masked — these pages are public, so no value is ever shown whole unless it is a public
 * identifier the operator must paste into a console (origins, redirect URIs, Android ids).
 */

/** Characters of a configured value left visible after the mask. */
export const MASK_VISIBLE_CHARS = 4;

/** "AIzaSyD…" → "••••Xy9Q"; short values are hidden completely. */
export function maskValue(value: string): string {
  if (value.length <= MASK_VISIBLE_CHARS * 2) return "••••";
  return `••••${value.slice(-MASK_VISIBLE_CHARS)}`;
}

/** A configuration item as the pages show it: missing, or configured with a masked suffix. */
export interface ConfigItem {
  configured: boolean;
  /** Masked display value, or null when missing. */
  masked: string | null;
}

export function configItem(value: string | undefined): ConfigItem {
  return value === undefined ? { configured: false, masked: null } : { configured: true, masked: maskValue(value) };
}

/** A value the operator needs verbatim (public identifier), or null when it is not set. */
export type PublicValue = string | null;

export type MigrationStepStatus = "complete" | "pending";

export interface SetupStatus {
  appOrigin: string;
  redirectUris: { google: string; facebook: string };
  oauth: {
    google: { clientId: ConfigItem; clientSecret: boolean; ready: boolean };
    facebook: { appId: ConfigItem; appSecret: boolean; ready: boolean };
  };
  firebase: { apiKey: ConfigItem; projectId: ConfigItem; appId: ConfigItem; authDomain: PublicValue; configured: boolean };
  android: { oauthClientId: PublicValue; packageName: PublicValue; sha256Fingerprint: PublicValue; firebaseAppId: PublicValue; configured: boolean };
  adminBootstrapEnabled: boolean;
  migrationSteps: { id: "project" | "web" | "mobile" | "production"; status: MigrationStepStatus }[];
}

export function setupStatus(config: Config): SetupStatus {
  const firebase = config.firebase;
  const firebaseConfigured = firebaseWebConfig(config) !== null;
  const android = config.android;
  const androidConfigured = android.oauthClientId !== undefined && android.packageName !== undefined && android.sha256Fingerprint !== undefined && android.firebaseAppId !== undefined;
  const done = (condition: boolean): MigrationStepStatus => (condition ? "complete" : "pending");
  return {
    appOrigin: config.appOrigin,
    redirectUris: {
      google: `${config.appOrigin}/api/auth/google/callback`,
      facebook: `${config.appOrigin}/api/auth/facebook/callback`,
    },
    oauth: {
      google: { clientId: configItem(config.google?.clientId), clientSecret: config.google !== undefined, ready: config.google !== undefined },
      facebook: { appId: configItem(config.facebook?.clientId), appSecret: config.facebook !== undefined, ready: config.facebook !== undefined },
    },
    firebase: {
      apiKey: configItem(firebase.apiKey),
      projectId: configItem(firebase.projectId),
      appId: configItem(firebase.appId),
      authDomain: firebase.authDomain ?? null,
      configured: firebaseConfigured,
    },
    android: {
      oauthClientId: android.oauthClientId ?? null,
      packageName: android.packageName ?? null,
      sha256Fingerprint: android.sha256Fingerprint ?? null,
      firebaseAppId: android.firebaseAppId ?? null,
      configured: androidConfigured,
    },
    adminBootstrapEnabled: config.adminBootstrapSecret !== undefined,
    // The last step — retiring the older session login — is an operator decision the server
    // cannot observe, so it stays pending while both systems run side by side.
    migrationSteps: [
      { id: "project", status: done(firebase.projectId !== undefined) },
      { id: "web", status: done(firebaseConfigured) },
      { id: "mobile", status: done(androidConfigured) },
      { id: "production", status: "pending" },
    ],
  };
}
