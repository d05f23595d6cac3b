// Which ways in count, for every combination of password, mobile and e-mail (none, unverified,
// verified) and of the site's SMS and mail being on or off.
import { type AccountAccess, type SignInChannels, waysIn } from "./ways.in.js";

type Contact = "none" | "unverified" | "verified";
const CONTACTS: Contact[] = ["none", "unverified", "verified"];
const cases: Array<[boolean, Contact, Contact, boolean, boolean]> = [];
for (const password of [false, true])
  for (const mobile of CONTACTS)
    for (const email of CONTACTS)
      for (const sms of [false, true])
        for (const mail of [false, true]) cases.push([password, mobile, email, sms, mail]);

test.each(cases)("password %p, mobile %s, e-mail %s, SMS on %p, mail on %p", (password, mobile, email, sms, mail) => {
  const account: AccountAccess = {
    passwordHash: password ? "$argon2id$…" : "",
    mobile: mobile === "none" ? null : "13800000000",
    mobileVerified: mobile === "verified",
    email: email === "none" ? null : "a@example.com",
    emailVerified: email === "verified",
  };
  const channels: SignInChannels = { sms, mail };
  const expected = [
    ...(password ? ["password"] : []),
    ...(mobile === "verified" && sms ? ["mobile"] : []),
    ...(email === "verified" && mail ? ["email"] : []),
  ];
  expect(waysIn(account, channels)).toEqual(expected);
});

test("a verified flag without the contact itself counts for nothing", () => {
  const ways = waysIn(
    { passwordHash: "", mobile: null, mobileVerified: true, email: "", emailVerified: true },
    { sms: true, mail: true },
  );
  expect(ways).toEqual([]);
});
