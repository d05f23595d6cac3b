// Google: OpenID Connect at https://accounts.google.com (discovery, PKCE, nonce, the ID token checked
// against Google's JWKS), through the same openid-client path as the custom provider with Google's
// issuer fixed; the admin enters only the client id and secret.
import { createCustomAdapter } from "./custom.js";
import { type OAuthAdapter, type OAuthFetch, type OAuthProviderConfig, OAuthType } from "./provider.js";

export const GOOGLE_ISSUER = "https://accounts.google.com";

export function createGoogleAdapter(
  fetch: OAuthFetch,
  issuer: string = GOOGLE_ISSUER,
  clock: () => Date = () => new Date(),
): OAuthAdapter {
  const oidc = createCustomAdapter(fetch, clock);
  const asGoogle = (cfg: OAuthProviderConfig): OAuthProviderConfig => ({
    ...cfg,
    issuer,
    scope: cfg.scope || "openid email profile",
  });
  return {
    type: OAuthType.google,
    pkce: true,
    oidc: true,
    authorizeUrl: (cfg, p) => oidc.authorizeUrl(asGoogle(cfg), p),
    exchange: (cfg, p) => oidc.exchange(asGoogle(cfg), p),
  };
}
