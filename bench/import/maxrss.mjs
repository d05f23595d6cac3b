// Preloaded into the importer's process by the import bench: prints the process's peak resident set at exit.
import { writeSync } from "node:fs";

process.on("exit", () => writeSync(2, `\nbench-maxrss-kb=${process.resourceUsage().maxRSS}\n`));
