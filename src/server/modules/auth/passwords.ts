import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: m=19 MiB, t=2, p=1 (docs/decisions/0001-stack-and-layout.md).
const options = { algorithm: 2 as const /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

// Verifying against a fixed hash for unknown accounts keeps timing the same (no user enumeration).
let dummyHash: Promise<string> | null = null;
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
