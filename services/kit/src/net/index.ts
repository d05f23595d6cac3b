// Server-side fetches of URLs users and administrators give: the one guarded fetcher (fetch.ts) and its
// address rule (address.ts).
export type { AddressAllowList } from "./address.js";
export { FetchRefused, fetchImage } from "./fetch.js";
