// The link checks of the back office's forms, the same as the server's (services/config/src/links.ts),
// so a bad link is caught before saving.

/** A path on this site: one "/" first, never "//host" or "/\host" (another site to a browser), no spaces. */
export const isSitePath = (s: string): boolean => /^\/(?![/\\])[^\s\\]*$/.test(s);

/** An absolute http(s) address with a host. */
export const isHttpUrl = (s: string): boolean => /^https?:\/\/[^\s/?#\\]+[^\s\\]*$/i.test(s);

/** An antd rule: empty, or a value `test` accepts (trimmed); `message` otherwise. */
export function linkRule(message: string, test: (value: string) => boolean) {
  return {
    validator: (_: unknown, value: string | undefined) => {
      const s = (value ?? "").trim();
      return !s || test(s) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}
