import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'brieftaube';
const AUDIENCE = 'brieftaube-api';

export interface AccessClaims {
  userId: string;
  /** The session (refresh-token family) the token was issued for; absent in older tokens. */
  sessionId: string | undefined;
}

export interface AccessTokenSigner {
  sign(userId: string, sessionId?: string): Promise<string>;
  /** The claims of a valid token, or undefined for any invalid or expired one. */
  verify(token: string): Promise<AccessClaims | undefined>;
}

export function createAccessTokenSigner(key: Uint8Array, ttlSeconds: number): AccessTokenSigner {
  return {
    sign(userId, sessionId) {
      return new SignJWT({ typ: 'access', ...(sessionId ? { sid: sessionId } : {}) })
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
        if (payload.typ !== 'access' || typeof payload.sub !== 'string') return undefined;
        return {
          userId: payload.sub,
          sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
        };
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
