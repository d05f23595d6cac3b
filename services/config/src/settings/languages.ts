import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Transport } from "@connectrpc/connect";
import { headers, type Logger } from "@wenku/kit";
import { type SettingsLanguage, SettingsLanguageSchema } from "@wenku/proto/api/v1/config_pb.js";
import { LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";

/**
 * The enabled document languages for the public settings, asked from the content service (it owns
 * them). The settings must load even when it cannot answer: then the list is empty and the cause
 * logged (Unimplemented — the language slice not built yet — only at debug level).
 */
export function languagesFrom(transport: Transport, internalToken: string, log: Logger) {
  const client = createClient(LanguageAPI, transport);
  return async (): Promise<SettingsLanguage[]> => {
    try {
      const reply = await client.listLanguage(
        { page: 1n, size: 1000n, enable: [true] },
        { headers: { [headers.internal]: internalToken }, timeoutMs: 3_000 },
      );
      return reply.language
        .filter((l) => l.enable)
        .map((l) => create(SettingsLanguageSchema, { id: l.id, language: l.language, code: l.code }));
    } catch (err) {
      if (err instanceof ConnectError && err.code === Code.Unimplemented) log.debug({}, "languages: not served yet");
      else log.warn({ err }, "languages: content service did not answer; settings sent without languages");
      return [];
    }
  };
}
