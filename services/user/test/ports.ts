// Stand-ins for the user service's ports (ports.ts) where a test builds the server without the
// config, content and order services: fixed settings and rewards, no documents, a ledger that books
// nothing.
import type {
  CreditLedger,
  DocumentCounter,
  MailSettingsSource,
  RewardSettings,
  SmsSettingsSource,
  VerificationSettings,
} from "../src/ports.js";
import type { SecuritySettings } from "../src/settings.js";

/** Security settings a test sets as it goes. */
export function staticSettings(s: SecuritySettings): {
  security(): Promise<SecuritySettings>;
  set(next: SecuritySettings): void;
} {
  let current = s;
  return {
    security: async () => current,
    set(next) {
      current = next;
    },
  };
}

/** Fixed score settings. */
export function staticRewards(r: { register: number; signIn: number; creditName?: string }): RewardSettings {
  return { current: async () => ({ creditName: "积分", ...r }) };
}

/** A site without documents: every count absent (0). */
export const noDocuments: DocumentCounter = { counts: async () => new Map() };

/** A ledger that holds no balance and refuses every booking. */
export const noLedger: CreditLedger = {
  balances: async () => new Map(),
  apply: async () => {
    throw new Error("no credits ledger in this test");
  },
};

/** The site gate of an open site. */
export const openSite = { current: async () => ({ closed: false, loginRequired: false }) };

/** Codes live 10 minutes by e-mail and 5 by SMS (the catalogue's defaults), or as given. */
export function staticVerification(minutes: { email?: number; sms?: number } = {}): VerificationSettings {
  return { codeMinutes: async (channel) => (channel === "email" ? (minutes.email ?? 10) : (minutes.sms ?? 5)) };
}

/** SMS switched off: what a site never configured for SMS reads. */
export function smsOff(): SmsSettingsSource {
  return { current: async () => ({ enable: false, provider: "smsAliyun", interval: 60, keys: {} }) };
}

/** A site whose e-mail is off (no SMTP server set). */
export const noMail: MailSettingsSource = {
  current: async () => ({
    enabled: false,
    smtp: { host: "", port: 465, secure: true, username: "", password: "", fromName: "" },
    linkMinutes: 30,
    siteName: "文库",
    siteOrigin: null,
  }),
};
