// Server-side fetches of URLs users and administrators give: the one guarded fetcher (fetch.ts; open.ts its
// streaming form), its address rule (address.ts) and the operator's exceptions to it (allow.ts, FETCH_ALLOW_HOSTS).
export { type AllowHosts, allowHostsSetting, fetchConfigShape, parseAllowHosts } from "./allow.js";
export {
  type FetchedBody,
  FetchRefused,
  fetchImage,
  fetchMessages,
  type GuardedFetchOptions,
  type GuardedSendOptions,
  guardedFetch,
  guardedSend,
  type SentAnswer,
} from "./fetch.js";
export { type GuardedOpenOptions, guardedOpen, type OpenedAnswer } from "./open.js";
