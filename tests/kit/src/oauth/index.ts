// Third-party login peers for tests: a real OpenID Provider and a GitHub stand-in.
export { type GithubAccount, type GithubStandIn, startGithubStandIn } from "./github.js";
export { followToCallback, type OidcUser, startOidcProvider, type Tamper, type TestOidcProvider } from "./oidc.js";
