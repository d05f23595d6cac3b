// The entry of a render worker thread (render-pool.ts). Plain JavaScript, so it starts the same way
// under `npm start` (tsx), the cluster, Kubernetes and jest (which does not transform code that runs
// inside a worker thread): it registers tsx in this thread, then loads the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./render-thread.ts");
