/**
 * The default export of an antd module imported by its path (antd/lib/…). The bundle imports antd's
 * ES modules (a Vite alias of antd/lib), where the import is the export itself; the unit tests get
 * the CommonJS build, where it is the module object and the export sits one `default` deeper.
 */
export function esDefault<T>(imported: T): T {
  const module = imported as { __esModule?: boolean; default?: T };
  return module !== null && typeof module === "object" && module.__esModule === true && "default" in module
    ? (module.default as T)
    : imported;
}
