// TEST CODE: the test OpenID Provider (oidc.ts) in a process of its own, for the browser tests (web/e2e):
// `node --import tsx <this file> <port> <redirect URI> <sub> <username>` prints one JSON line
// {issuer, clientId, clientSecret}, signs in that user automatically at every login, and stops when
// its stdin closes. The client secret is new each run (a site keeps a provider's discovery per secret).
import { randomBytes } from "node:crypto";
import { startOidcProvider } from "./oidc.js";

const [port = "0", redirectUri = "", sub = "e2e-user", username = "e2e"] = process.argv.slice(2);
const op = await startOidcProvider({
  port: Number(port),
  redirectUris: [redirectUri],
  clientSecret: randomBytes(24).toString("hex"),
});
op.user = {
  sub,
  preferred_username: username,
  name: `OIDC ${username}`,
  email: `${username}@example.com`,
  email_verified: true,
};
process.stdout.write(
  `${JSON.stringify({ issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret })}\n`,
);
process.stdin.resume();
process.stdin.on("end", () => void op.close().then(() => process.exit(0)));
