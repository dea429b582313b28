import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The app's own pages may run only their own scripts and talk only to their own origin. Styles
 * allow 'unsafe-inline' because MUI (Emotion) injects style elements at run time; scripts never.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A mail frame (srcdoc) inherits this policy and adds its own, stricter one: remote
        // images load only once the user allowed them for that mail (the frame's policy then
        // names http: and https:). The app's own pages load no remote images.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
}
