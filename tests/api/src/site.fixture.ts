// The plain site a suite of one resource needs (config.navigation, session, content.category,
// content.language): one stack per test file, the content database open for direct looks (its client
// connects on first use), the administrator signed in and, when named, one member without permissions.
// ES module bindings are live: a suite imports `stack` and sees what this file's beforeAll assigned.
import { type ContentDb, openContentDb } from "./db.js";
import { loginAdmin, registerUser, startTestStack } from "./testing.js";

export let stack: Awaited<ReturnType<typeof startTestStack>>;
export let db: ContentDb;
/** The administrator's token. */
export let admin: string;
/** The token of the member holding no permission (when useSite named one). */
export let plain: string;

/** Starts the site for the calling test file (call once, at its top level); `member` names the plain member. */
export function useSite(member?: string): void {
  beforeAll(async () => {
    stack = await startTestStack();
    db = openContentDb(stack);
    admin = await loginAdmin(stack.url);
    if (member) plain = (await registerUser(stack.url, member)).token;
  });
  afterAll(async () => {
    await db.$disconnect();
    await stack.stop();
  });
}
