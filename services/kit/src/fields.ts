// moredoc's `field` list parameter: a list reply carries only the fields asked for (the rest cleared,
// so sent as their zero values). One rule for every service's lists.
import { clearField, type DescMessage, type MessageShape } from "@bufbuild/protobuf";

/**
 * Keeps only the fields named in `fields` (proto or JSON names) and those in `always`; the rest are
 * cleared. Unknown names are ignored; when none of the names is known the message is returned whole.
 */
export function keepFields<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  fields: readonly string[],
  always: ReadonlySet<string> = new Set(),
): MessageShape<Desc> {
  if (!fields.length) return message;
  const wanted = new Set(fields.map((f) => f.trim()));
  const known = schema.fields.filter((f) => wanted.has(f.name) || wanted.has(f.localName));
  if (!known.length) return message;
  for (const f of schema.fields) {
    if (!always.has(f.name) && !known.includes(f)) clearField(message, f);
  }
  return message;
}
