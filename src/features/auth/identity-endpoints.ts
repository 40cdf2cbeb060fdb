/**
 * Where the identity providers live. Production uses these; tests replace them with local
 * stand-ins that speak the same protocols (deps.identityEndpoints).
 */
export interface IdentityEndpoints {
  googleAuthorize: string;
  googleToken: string;
  googleUserinfo: string;
  facebookAuthorize: string;
  facebookToken: string;
  facebookProfile: string;
  /** Google's published keys for Firebase ID tokens. */
  firebaseJwks: string;
}

export const defaultIdentityEndpoints: IdentityEndpoints = {
  googleAuthorize: "https://accounts.google.com/o/oauth2/v2/auth",
  googleToken: "https://oauth2.googleapis.com/token",
  googleUserinfo: "https://openidconnect.googleapis.com/v1/userinfo",
  facebookAuthorize: "https://www.facebook.com/v19.0/dialog/oauth",
  facebookToken: "https://graph.facebook.com/v19.0/oauth/access_token",
  facebookProfile: "https://graph.facebook.com/v19.0/me",
  firebaseJwks: "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com",
};

export function identityEndpoints(overrides: Partial<IdentityEndpoints> | undefined): IdentityEndpoints {
  return { ...defaultIdentityEndpoints, ...overrides };
}
