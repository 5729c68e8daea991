import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is a const enum, which isolated modules cannot read.
const ARGON2ID = 2;
import type { Config } from '../../config.js';

export type HashingCost = Config['passwordHashing'];

/** argon2id hash of a password. */
export function hashPassword(password: string, cost: HashingCost) {
  return hash(password, { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost });
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Checks a password. With no stored hash (unknown e-mail) it still spends the time of a
 * real check against a dummy hash, so the answer's timing tells nothing.
 */
export async function checkPassword(storedHash: string | undefined, password: string, cost: HashingCost) {
  const key = `${cost.memoryCost}:${cost.timeCost}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) dummyHashes.set(key, (dummy = hashPassword('not the password of anyone', cost)));
  const target = storedHash ?? (await dummy);
  const ok = await verify(target, password).catch(() => false);
  return ok && storedHash !== undefined;
}
