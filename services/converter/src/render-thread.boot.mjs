// The entry of a render worker thread (render-pool.ts) run from the sources. Plain JavaScript, so it
// starts the same way under tsx (`npm run dev`, scripts) and jest (which does not transform code
// that runs inside a worker thread): it registers tsx in this thread, then loads the TypeScript
// worker. The compiled build (scripts/build.mjs) starts dist/render-thread.js instead (render-host.ts).
import { register } from "tsx/esm/api";

register();
await import("./render-thread.ts");
