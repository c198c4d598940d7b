import fastifyHelmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** A year, sub-domains included: a browser that met the portal over HTTPS keeps to HTTPS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The security headers of every answer (helmet). The Content-Security-Policy names this origin and
 * the configured remotes' (`elsewhere`), never every `https:` address: styles are the inline
 * `<style>` tags Fluent's Griffel writes, fonts the system's. HSTS and `upgrade-insecure-requests`
 * only for a request that came over HTTPS: on a plant's LAN install (`http://host:3000`) they would
 * send the browser to an HTTPS port nobody listens on. `request.protocol` knows HTTPS from the
 * socket, or from X-Forwarded-Proto when it comes from a trusted proxy (TRUST_PROXY).
 */
export async function registerSecurityHeaders(app: NestFastifyApplication, elsewhere: string[]): Promise<void> {
  await app.register(fastifyHelmet, {
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        // Remotes served from other origins (remotes map) must be allowed to load and be fetched.
        scriptSrc: ["'self'", ...elsewhere],
        connectSrc: ["'self'", ...elsewhere],
        imgSrc: ["'self'", 'data:', 'blob:', ...elsewhere],
        styleSrc: ["'self'", "'unsafe-inline'", ...elsewhere],
        fontSrc: ["'self'", 'data:', ...elsewhere],
        upgradeInsecureRequests: null,
      },
    },
  });
  // After helmet's own hook, which has written the policy on the raw response.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      if (request.protocol === 'https') {
        reply.raw.setHeader('Strict-Transport-Security', HSTS);
        reply.raw.setHeader('Content-Security-Policy', `${String(reply.raw.getHeader('Content-Security-Policy'))};upgrade-insecure-requests`);
      }
      done();
    });
}
