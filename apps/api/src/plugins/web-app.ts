import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { messages } from '@krowd/domain/messages/messages';
import type { ContentSecurityPolicy } from './security.ts';

const noncePlaceholder = '__CSP_NONCE__';

/**
 * Serves the built web app from the same process. Page paths the files do not cover get
 * index.html (the app shows Page Not Found itself); unknown /api paths get a JSON 404.
 * index.html carries the request's CSP nonce so the UI library may add its style tags.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  contentSecurityPolicy: ContentSecurityPolicy,
) {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes .br and .gz copies (vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      // The header is ours (below): hashed assets forever, anything else revalidated.
      cacheControl: false,
      setHeaders(response, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn('The web app is not built (run npm run build); only the API is served.');
  }

  const sendIndex = (reply: FastifyReply) => {
    const styleNonce = randomBytes(16).toString('base64');
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', contentSecurityPolicy(styleNonce))
      .send(indexHtml!.replaceAll(noncePlaceholder, styleNonce));
  };

  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (isPage && indexHtml) return sendIndex(reply);
    return reply.code(404).send({ errorMessage: messages.common.notFound });
  });
}
