// The converter as uploads ask it: ConverterInternalAPI over the service transport.
import { createClient, type Transport } from "@connectrpc/connect";
import { headers, type Logger } from "@wenku/kit";
import { ConverterInternalAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import type { ConverterAvailability } from "./ports.js";

/** The converter answers from its last probe: quick. */
const TIMEOUT_MS = 5_000;
/** Probing LibreOffice (soffice --version) and fc-list takes seconds on a cold machine. */
const ENVS_TIMEOUT_MS = 30_000;

export function createConverterAvailability(
  transport: Transport,
  internalToken: string,
  log: Logger,
): ConverterAvailability {
  const client = createClient(ConverterInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const formats = async () => {
    try {
      return await client.getConverterFormats({}, callOptions);
    } catch (err) {
      // No converter answers now (restarting, scaled to zero): uploads are taken and wait on the
      // queue; only a converter that says LibreOffice is missing refuses office documents.
      log.warn({ err }, "converter: formats unknown, every format accepted");
      return { office: true, unavailableExt: [] };
    }
  };
  return {
    office: async () => (await formats()).office,
    unavailableExtensions: async () => (await formats()).unavailableExt,
    envs: () => client.getConverterEnvs({}, { ...callOptions, timeoutMs: ENVS_TIMEOUT_MS }),
  };
}
