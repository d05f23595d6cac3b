// Server-side fetches of URLs users and administrators give: the one guarded fetcher (fetch.ts) and its
// address rule (address.ts).
export * from "./address.js";
export * from "./fetch.js";
