// Outbound HTTP of the login providers: the kit's guarded fetcher (public addresses only unless the
// operator's FETCH_ALLOW_HOSTS names the host, one deadline, a capped answer) shaped as the Fetch API,
// which openid-client takes as customFetch and the plain OAuth2 adapters use alike.
import { DomainError } from "@wenku/kit";
import { type AllowHosts, FetchRefused, guardedSend } from "@wenku/kit/net";
import type { OAuthFetch } from "./providers/provider.js";

/** A provider answers a token or user-info request within this. */
const TIMEOUT_MS = 10_000;
/** Discovery documents, JWKS, tokens and profiles are small. */
const MAX_BYTES = 512 * 1024;

export function createOAuthFetch(opts: { allow?: AllowHosts; timeoutMs?: number } = {}): OAuthFetch {
  return async (url, init) => {
    const body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
    const headers = { ...init.headers };
    if (init.body instanceof URLSearchParams) headers["content-type"] ??= "application/x-www-form-urlencoded";
    const answer = await guardedSend(url, {
      method: init.method ?? "GET",
      headers,
      body,
      maxBytes: MAX_BYTES,
      timeoutMs: opts.timeoutMs ?? TIMEOUT_MS,
      allow: opts.allow,
      signal: init.signal,
    });
    const noBody = answer.status === 204 || answer.status === 205 || answer.status === 304;
    const out = new Response(noBody ? null : new Uint8Array(answer.bytes), {
      status: answer.status,
      headers: answer.contentType ? { "content-type": answer.contentType } : {},
    });
    // openid-client compares the answer's URL with what it asked (Response.url is read-only: define it)
    Object.defineProperty(out, "url", { value: url });
    return out;
  };
}

export const oauthMessages = {
  unreachable: (why: string) => `无法连接第三方登录服务：${why}`,
  refused: (why: string) => `第三方登录失败：${why}`,
  badAnswer: "第三方登录服务的应答无法识别，请联系管理员检查登录设置",
} as const;

/** A FetchRefused (address, time, size) as the user-facing refusal; anything else unchanged. */
export function providerUnreachable(err: unknown): unknown {
  return err instanceof FetchRefused ? new DomainError("unavailable", oauthMessages.unreachable(err.message)) : err;
}

/** The JSON body of a provider's answer, or a refusal saying it could not be read. */
export async function readJson(res: Response): Promise<Record<string, unknown>> {
  try {
    const v: unknown = await res.json();
    if (v && typeof v === "object") return v as Record<string, unknown>;
  } catch {
    // not JSON: refused below
  }
  throw new DomainError("unavailable", oauthMessages.badAnswer);
}
