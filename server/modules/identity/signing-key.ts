import { createECDH, createHash } from 'node:crypto';
import { derivedKey } from './derived-secrets.ts';

export interface SigningJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
  alg: 'ES256';
  use: 'sig';
  kid: string;
}

/**
 * The built-in provider's ID-token signing key, derived from SESSION_SECRET: every process of a
 * deployment signs with the same key without storing one.
 */
export function builtInSigningKey(sessionSecret: string): SigningJwk {
  // A 32-byte value is a valid P-256 private key unless it is zero or above the curve order
  // (about 2^-32 likely); another derivation round covers that case.
  for (let round = 0; ; round += 1) {
    const privateKey = derivedKey(sessionSecret, `built-in-provider-signing-key/${round}`);
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(privateKey);
      const publicKey = ecdh.getPublicKey();
      const x = publicKey.subarray(1, 33).toString('base64url');
      const y = publicKey.subarray(33, 65).toString('base64url');
      const kid = createHash('sha256').update(`${x}.${y}`).digest('base64url').slice(0, 16);
      return {
        kty: 'EC',
        crv: 'P-256',
        x,
        y,
        d: privateKey.toString('base64url'),
        alg: 'ES256',
        use: 'sig',
        kid,
      };
    } catch (error) {
      if (round >= 3) throw error;
    }
  }
}
