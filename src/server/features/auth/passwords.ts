import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id at OWASP's recommended minimum: 19 MiB memory, 2 iterations, 1 lane
 * (OWASP Password Storage Cheat Sheet). The parameters are stored in each hash, so raising them later
 * keeps old hashes verifiable.
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when a username does not exist, so a miss costs as much time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword("balans-timing-equaliser");
  return dummyHash.then((known) => verifyPassword(known, password));
}
