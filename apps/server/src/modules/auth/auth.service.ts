import crypto from 'node:crypto';
import {
  ErrorCode,
  FieldErrorCode,
  isMailAddress,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
  type AuthResponse,
  type LoginRequest,
  type RegistrationRequest,
  type TokenPair,
  type User,
} from '@brieftaube/shared';
import { AppError, type FieldErrors } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/secrets.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import { burnVerification, hashPassword, verifyPassword } from './passwords.ts';
import { checkPassword } from './password-policy.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { newRefreshToken, type AccessTokenSigner } from './tokens.ts';

export interface AuthServiceDeps {
  repo: AuthRepository;
  limiter: RateLimiter;
  signer: AccessTokenSigner;
  revocations: SessionRevocations;
  refreshTtlDays: number;
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  registrationMaxAttempts: number;
  registrationWindowSeconds: number;
}

const EMAIL_MAX_LENGTH = 254;

/** How long a rotated refresh token still refreshes (Okta's default grace period). */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export function toUserDto(row: UserRow): User {
  return { username: row.username, email: row.email, onboarding_complete: row.onboardingComplete };
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, limiter, signer, revocations } = deps;

  async function issueTokens(
    userId: string,
    family?: { familyId: string; parentId: string },
  ): Promise<TokenPair> {
    const refresh = newRefreshToken();
    const familyId = family?.familyId ?? crypto.randomUUID();
    await repo.insertRefreshToken({
      userId,
      tokenHash: sha256(refresh),
      familyId,
      parentId: family?.parentId ?? null,
      expiresAt: new Date(Date.now() + deps.refreshTtlDays * 86_400_000),
    });
    // The family is the session: ending it (logout, a stolen token) ends its access tokens too.
    return { access: await signer.sign(userId, familyId), refresh };
  }

  function validateRegistration(input: RegistrationRequest): FieldErrors {
    const errors: FieldErrors = {};
    const add = (field: string, code: FieldErrorCode) => (errors[field] ??= []).push(code);
    const username = input.username?.trim() ?? '';
    const email = input.email?.trim() ?? '';
    if (!username) add('username', FieldErrorCode.REQUIRED);
    else if (username.length > USERNAME_MAX_LENGTH) add('username', FieldErrorCode.TOO_LONG);
    else if (!USERNAME_PATTERN.test(username)) add('username', FieldErrorCode.USERNAME_INVALID);
    if (!email) add('email', FieldErrorCode.REQUIRED);
    else if (email.length > EMAIL_MAX_LENGTH || !isMailAddress(email)) {
      add('email', FieldErrorCode.EMAIL_INVALID);
    }
    if (!input.password1) add('password1', FieldErrorCode.REQUIRED);
    if (!input.password2) add('password2', FieldErrorCode.REQUIRED);
    if (input.password1 && input.password2 && input.password1 !== input.password2) {
      add('password2', FieldErrorCode.PASSWORD_MISMATCH);
    }
    if (input.password1) {
      for (const code of checkPassword(input.password1, { username, email }))
        add('password1', code);
    }
    return errors;
  }

  return {
    async register(input: RegistrationRequest, clientIp: string): Promise<AuthResponse> {
      // Every attempt from the address counts, refused ones too, and before any work: parallel
      // requests cannot slip past the count, and the "name taken" answers cannot be used to
      // sweep for existing accounts either. Counted in the database, so every process shares it.
      const hit = await limiter.hit(`register:ip:${clientIp}`, deps.registrationWindowSeconds);
      if (hit.count > deps.registrationMaxAttempts) {
        throw new AppError(ErrorCode.RATE_LIMITED, 'Too many registrations', undefined, {
          'retry-after': String(hit.retryAfter),
        });
      }
      const errors = validateRegistration(input);
      const username = input.username?.trim() ?? '';
      const email = input.email?.trim() ?? '';
      if (!errors.username || !errors.email) {
        const taken = await repo.takenFields(username, email);
        if (taken.username && !errors.username) errors.username = [FieldErrorCode.USERNAME_TAKEN];
        if (taken.email && !errors.email) errors.email = [FieldErrorCode.EMAIL_TAKEN];
      }
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);

      let user: UserRow;
      try {
        user = await repo.insertUser({
          username,
          email,
          passwordHash: await hashPassword(input.password1!),
        });
      } catch (error) {
        // A concurrent registration took the name between our check and the insert.
        if (!isUniqueViolation(error)) throw error;
        const taken = await repo.takenFields(username, email);
        throw AppError.validation({
          ...(taken.username ? { username: [FieldErrorCode.USERNAME_TAKEN] } : {}),
          ...(taken.email || !taken.username ? { email: [FieldErrorCode.EMAIL_TAKEN] } : {}),
        });
      }
      return { ...(await issueTokens(user.id)), user: toUserDto(user) };
    },

    async login(input: LoginRequest, clientIp: string): Promise<AuthResponse> {
      // A client may send both fields with one left empty; the filled one counts.
      const identifier = (input.username?.trim() || input.email?.trim() || '').trim();
      const password = input.password ?? '';
      const errors: FieldErrors = {};
      if (!identifier) errors.username = [FieldErrorCode.REQUIRED];
      if (!password) errors.password = [FieldErrorCode.REQUIRED];
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);

      // Failures are counted for the account (whichever of its names was typed) from this
      // address, for the account from anywhere with a wider limit, and for the address across
      // accounts. So guessing from one address stops soon, yet cannot lock the owner out from
      // elsewhere; many addresses together still hit the account's own limit. Every attempt
      // counts at once (parallel guesses cannot slip through); a successful one is taken back.
      const user = await repo.findUserByLogin(identifier);
      const subject = user ? `user:${user.id}` : `name:${identifier.toLowerCase()}`;
      const keys = {
        pair: `login:${subject}:ip:${clientIp}`,
        account: `login:${subject}`,
        ip: `login:ip:${clientIp}`,
      };
      const max = deps.loginMaxAttempts;
      const [pair, account, ip] = await Promise.all(
        [keys.pair, keys.account, keys.ip].map((key) => limiter.hit(key, deps.loginWindowSeconds)),
      );
      const limits: [{ count: number; retryAfter: number }, number][] = [
        [pair!, max],
        [account!, max * 5],
        [ip!, max * 5],
      ];
      const over = limits.filter(([hit, limit]) => hit.count > limit);
      if (over.length > 0) {
        const retryAfter = Math.max(...over.map(([hit]) => hit.retryAfter));
        throw new AppError(ErrorCode.RATE_LIMITED, 'Too many login attempts', undefined, {
          'retry-after': String(retryAfter),
        });
      }

      if (!user) {
        await burnVerification(password);
        throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Invalid credentials');
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Invalid credentials');
      }
      await Promise.all([
        limiter.reset(keys.pair),
        limiter.release(keys.account),
        limiter.release(keys.ip),
      ]);
      return { ...(await issueTokens(user.id)), user: toUserDto(user) };
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const invalid = () => new AppError(ErrorCode.TOKEN_INVALID, 'Refresh token is invalid');
      const row = await repo.findRefreshToken(sha256(refreshToken));
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw invalid();
      if (!row.usedAt && (await repo.claimRefreshToken(row.id)))
        return issueTokens(row.userId, { familyId: row.familyId, parentId: row.id });
      // Used a moment ago: a retry after a lost answer, or two tabs refreshing together. Both
      // hold the token legitimately, so each gets its own pair in the same family (ADR 0003).
      const used = row.usedAt ? row : await repo.findRefreshToken(row.tokenHash);
      if (
        used?.usedAt &&
        !used.revokedAt &&
        Date.now() - used.usedAt.getTime() < REFRESH_REUSE_GRACE_MS
      )
        return issueTokens(row.userId, { familyId: row.familyId, parentId: row.id });
      // Reused later: whoever holds it is not the only holder. Revoke the family so that the
      // thief's (or the victim's) newer tokens die too.
      await repo.revokeFamily(row.familyId);
      revocations.add(row.familyId);
      throw invalid();
    },

    /** The refresh token is itself the credential: whoever holds it may end its session. */
    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const row = await repo.findRefreshToken(sha256(refreshToken));
      if (!row) return;
      await repo.revokeFamily(row.familyId);
      revocations.add(row.familyId);
    },

    async getUser(userId: string): Promise<User> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'User no longer exists');
      return toUserDto(user);
    },

    async updateUser(userId: string, patch: { onboarding_complete?: boolean }): Promise<User> {
      const user = await repo.updateUser(
        userId,
        patch.onboarding_complete === undefined
          ? {}
          : { onboardingComplete: patch.onboarding_complete },
      );
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'User no longer exists');
      return toUserDto(user);
    },

    /**
     * The caller of a valid access token whose session is still open. A token without a session
     * (signed before sessions were named in it) is refused: the client refreshes once and goes on.
     */
    async authenticate(
      accessToken: string,
    ): Promise<{ userId: string; sessionId: string } | undefined> {
      const claims = await signer.verify(accessToken);
      if (!claims?.sessionId) return undefined;
      if (await revocations.isRevoked(claims.sessionId)) return undefined;
      return { userId: claims.userId, sessionId: claims.sessionId };
    },

    /** Whether a session ended since its token was checked (open event streams ask). */
    sessionEnded(sessionId: string): Promise<boolean> {
      return revocations.isRevoked(sessionId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
