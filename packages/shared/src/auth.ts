import { z } from 'zod';
import { looseBoolean } from './ids.ts';

export const userSchema = z.object({
  username: z.string(),
  email: z.string(),
  onboarding_complete: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

// Request bodies are deliberately loose (plain strings): the service validates every field and
// answers with per-field codes, so a client gets all problems at once rather than the first.
export const registrationRequestSchema = z.object({
  username: z.string().optional(),
  email: z.string().optional(),
  password1: z.string().optional(),
  password2: z.string().optional(),
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** `username` accepts a user name or an e-mail address; `email` is accepted as an alias. */
export const loginRequestSchema = z.object({
  username: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const authResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshRequestSchema = z.object({ refresh: z.string().min(1) });
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const logoutRequestSchema = z.object({ refresh: z.string().optional() });

export const userPatchSchema = z.object({ onboarding_complete: looseBoolean().optional() });
export type UserPatch = z.infer<typeof userPatchSchema>;
