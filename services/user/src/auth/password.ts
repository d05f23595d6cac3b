import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// argon2id (the library default algorithm), OWASP-recommended cost: 19 MiB, 2 passes.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false; // malformed stored hash: never a match
  }
}

/** A password for people to copy: 16 URL-safe characters from 96 random bits (the first admin's, a reset's). */
export function generatePassword(): string {
  return randomBytes(12).toString("base64url");
}
