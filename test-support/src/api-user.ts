import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface ApiUser {
  username: string;
  access: string;
  /** app.inject with this user's Bearer token. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let counter = 0;

/** Registers a fresh user through the real API and returns a client bound to its token. */
export async function registerApiUser(app: FastifyInstance, prefix = 'nutzer'): Promise<ApiUser> {
  counter += 1;
  const username = `${prefix}${counter}${Date.now().toString(36)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/registration/',
    payload: {
      username,
      email: `${username}@beispiel.de`,
      password1: 'Sonnenblume!42',
      password2: 'Sonnenblume!42',
    },
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  const { access } = res.json<{ access: string }>();
  return {
    username,
    access,
    request: (options) =>
      app.inject({
        ...options,
        headers: { ...(options.headers ?? {}), authorization: `Bearer ${access}` },
      }),
  };
}
