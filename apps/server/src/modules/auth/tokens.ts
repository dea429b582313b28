import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'brieftaube';
const AUDIENCE = 'brieftaube-api';

export interface AccessTokenSigner {
  sign(userId: string): Promise<string>;
  /** The user id of a valid token, or undefined for any invalid or expired one. */
  verify(token: string): Promise<string | undefined>;
}

export function createAccessTokenSigner(key: Uint8Array, ttlSeconds: number): AccessTokenSigner {
  return {
    sign(userId) {
      return new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        return payload.typ === 'access' && typeof payload.sub === 'string'
          ? payload.sub
          : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** An opaque 256-bit refresh token; only its SHA-256 is stored. */
export function newRefreshToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}
