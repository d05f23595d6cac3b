// The ways an account signs in besides its third-party bindings, which decide whether a binding may
// go (unbinding the last way in is refused). A password counts. A mobile number counts once it is
// verified (a code sent to it was used: mobile sign-up, SMS sign-in or recovery) while the site can send
// SMS (SMS sign-in and recovery work); an e-mail address once verified (a mailed code or recovery link
// was used, or the provider that created the account verified it) while the site can mail recovery
// links (mail on and the site's domain set): its owner sets a password through the link. An address or
// number typed into a profile is not verified until a code proves it reaches its owner.
import type { MailSettingsSource, SmsSettingsSource } from "../ports.js";

/** What the site can send now. */
export interface SignInChannels {
  sms: boolean;
  mail: boolean;
}

/** What the rules read of an account. */
export interface AccountAccess {
  passwordHash: string;
  email: string | null;
  emailVerified: boolean;
  mobile: string | null;
  mobileVerified: boolean;
}

export type WayIn = "password" | "mobile" | "email";

/** The account's ways in other than bindings, in that order. */
export function waysIn(a: AccountAccess, channels: SignInChannels): WayIn[] {
  const ways: WayIn[] = [];
  if (a.passwordHash !== "") ways.push("password");
  if (a.mobile && a.mobileVerified && channels.sms) ways.push("mobile");
  if (a.email && a.emailVerified && channels.mail) ways.push("email");
  return ways;
}

/** The site's channels from its settings, read at each use (a saved change applies at once). */
export function createSignInChannels(deps: { sms: SmsSettingsSource; mail: MailSettingsSource }) {
  return {
    async current(): Promise<SignInChannels> {
      const [sms, mail] = await Promise.all([deps.sms.current(), deps.mail.current()]);
      return { sms: sms.enable && !!sms.provider, mail: mail.enabled && !!mail.siteOrigin };
    },
  };
}
export type SignInChannelSource = ReturnType<typeof createSignInChannels>;
