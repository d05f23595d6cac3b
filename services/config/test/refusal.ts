// For the rules' unit tests: what a validation refused, and about which field.
import { DomainError } from "@wenku/kit";

/** The message and field of the DomainError `f` throws (fails the test when it throws none). */
export function refusal(f: () => unknown): [string, string | undefined] {
  try {
    f();
  } catch (err) {
    if (err instanceof DomainError) return [err.message, err.field];
    throw err;
  }
  throw new Error("not refused");
}
