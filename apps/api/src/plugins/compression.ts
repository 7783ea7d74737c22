import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;

export type AnswerEncoding = 'br' | 'gzip';
const encodings: AnswerEncoding[] = ['br', 'gzip'];
/** Brotli's quality 4, @fastify/compress's default: near gzip's speed, smaller answers. */
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses the API's answers with brotli or gzip, as the caller accepts: JSON,
 * CSV and other compressible types of 1 KB or more. The web app's files are precompressed
 * instead (web-app.ts), so this is registered on the API's scope only.
 */
export async function registerAnswerCompression(api: FastifyInstance) {
  await api.register(compress, {
    encodings,
    threshold: compressionThreshold,
    brotliOptions,
  });
}

const negotiator = new Negotiator<AnswerEncoding>({ supportedValues: encodings });

/** The encoding a kept answer is sent in for this request, or undefined to send it as it is. */
export function answerEncodingOf(request: FastifyRequest, size: number): AnswerEncoding | undefined {
  const accepted = request.headers['accept-encoding'];
  if (size < compressionThreshold || accepted === undefined) return undefined;
  return negotiator.negotiate(accepted.toLowerCase()) ?? undefined;
}

/** The answer compressed as registerAnswerCompression would have. */
export function compressed(answer: string | Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(answer, brotliOptions) : gzipSync(answer);
}
