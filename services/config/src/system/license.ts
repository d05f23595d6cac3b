// GetLicense: the program's own licence, read from its package.json (AGPL-3.0-or-later), with no user or
// document limits and no expiry; moredoc Pro's fields keep their shape (type 0, limits 0 = unlimited).
import { create } from "@bufbuild/protobuf";
import { type License, LicenseSchema } from "@wenku/proto/api/v1/config_pb.js";
import type { ConfigValues } from "../settings/values.js";

/** Where each licence's text is kept (SPDX id → its publisher's page). */
const LICENSE_TEXTS: ReadonlyMap<string, string> = new Map<string, string>(
  Object.entries({
    "AGPL-3.0-or-later": "https://www.gnu.org/licenses/agpl-3.0.html",
    "AGPL-3.0-only": "https://www.gnu.org/licenses/agpl-3.0.html",
  }),
);

export interface ProgramInfo {
  version: string;
  /** SPDX identifier from package.json. */
  license: string;
}

export function toLicense(values: ConfigValues, program: ProgramInfo): License {
  return create(LicenseSchema, {
    type: 0,
    maxUsers: 0,
    maxDocs: 0,
    domain: values.str("system", "domain"),
    license: program.license,
    version: program.version,
    licenseUrl: LICENSE_TEXTS.get(program.license) ?? "",
  });
}
