import { ConnectError } from "@connectrpc/connect";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import type { FormInstance } from "antd";

/**
 * Puts a refusal on the form field it names (the server's FieldViolation: the request field's JSON
 * name, e.g. "start_time" → the form's "startTime", or as `rename` maps it), when the form has that
 * field; the message itself has been shown already.
 */
export function showRefusalOnField(
  form: FormInstance,
  cause: unknown,
  rename: Readonly<Record<string, string>> = {},
): void {
  if (!(cause instanceof ConnectError)) return;
  const names = Object.keys(form.getFieldsValue());
  for (const { field } of cause.findDetails(FieldViolationSchema)) {
    const name = rename[field] ?? field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!names.includes(name)) continue;
    form.setFields([{ name, errors: [cause.rawMessage] }]);
    form.scrollToField(name, { block: "center" });
    return;
  }
}
