import type { CreatedAccount } from "@wenku/kit";

/** The command that sets a new admin password (package.json "admin:reset-password"). */
export const RESET_PASSWORD_COMMAND = "npm run admin:reset-password";

export interface ReadyInfo {
  /** Where the site answers. */
  url: string;
  readySeconds: number;
  /** The admin account created on this start; none on later starts. */
  account?: CreatedAccount;
  /** A few facts about how it runs (database, events, services). */
  details: string[];
}

/**
 * What `npm start` and `npm run start:cluster` print last, once the site answers: the address and
 * the admin account, boxed so it is found again above later log lines. The generated password is
 * shown only on the start that created the account; later starts say how to set a new one.
 */
export function readyBanner(info: ReadyInfo): string {
  const a = info.account;
  const body = [
    `Wenku is ready: ${info.url}   (started in ${info.readySeconds.toFixed(1)} s)`,
    "",
    ...(a
      ? [
          "Admin account, created now:",
          `  username  ${a.username}`,
          `  password  ${a.generated ? a.password : "(as given in WENKU_ADMIN_PASSWORD)"}`,
          ...(a.generated ? ["  (shown only this once: write it down)"] : []),
          `  A new password later:  ${RESET_PASSWORD_COMMAND}`,
        ]
      : ["Admin account: created on the first start.", `  Forgot its password?  ${RESET_PASSWORD_COMMAND}`]),
    "",
    ...info.details,
  ];
  const width = Math.max(...body.map((l) => [...l].length));
  const rule = "─".repeat(width + 2);
  return [`┌${rule}┐`, ...body.map((l) => `│ ${l}${" ".repeat(width - [...l].length)} │`), `└${rule}┘`].join("\n");
}
