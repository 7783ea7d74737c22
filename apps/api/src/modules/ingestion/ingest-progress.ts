import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@krowd/domain/messages/messages';
import { respCodes } from '../../http/envelope.ts';
import { HttpError } from '../../http/errors.ts';
import type { IngestOptions, IngestResult, IngestSource } from './ingestion.transactions.ts';
import { withFileOf } from './transaction-file.ts';
import { refusalOf } from './transactions.routes.ts';

/** The answer in lines a browser asks for to show an upload's progress (docs/decisions.md 'Progress of uploads and exports'). */
export const progressLinesType = 'application/x-ndjson';

/** Whether the caller asked for the answer in lines (Accept: application/x-ndjson). */
export function wantsProgressLines(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(progressLinesType);
}

/** The line that ends an answer in lines: the status and body the JSON answer would have had. */
function finalLine(status: number, answer: unknown): string {
  return `${JSON.stringify({ status, answer })}\n`;
}

/**
 * Answers a transactions upload in lines once its file is in (the body spooled): a
 * `{"progress":{"rowsRead","rowsQualified"}}` line before each page is qualified, then one line
 * with the status and body answerIngest would have sent (200 with the counts, 400 with the
 * refusal, 500 with a plain sentence, the fault logged). A caller that closes the connection
 * cancels the upload: the next page stops it and its one transaction rolls back, storing nothing.
 * Before the file is in, failures answer as usual (the error handler).
 */
export async function answerIngestInLines(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  respMessage: string,
  ingest: (source: IngestSource, progress: NonNullable<IngestOptions['progress']>) => Promise<IngestResult>,
) {
  const cancelled = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) cancelled.abort();
  });
  let lines: PassThrough | null = null;
  const open = () => {
    if (lines) return lines;
    const stream = new PassThrough();
    lines = stream;
    void reply.code(200).type(progressLinesType).header('cache-control', 'no-store').send(stream);
    return stream;
  };
  const progress = {
    signal: cancelled.signal,
    onPage: (rows: { rowsRead: number; rowsQualified: number }) => {
      open().write(`${JSON.stringify({ progress: rows })}\n`);
    },
  };
  try {
    const result = await withFileOf(body, (source) => {
      open();
      return ingest(source, progress);
    });
    open().end(finalLine(200, { respCode: respCodes.ok, respMessage, ...result }));
  } catch (error) {
    if (!lines) return reply.code(400).send(refusalOf(error));
    (lines as PassThrough).end(failureLine(request, error, cancelled.signal.aborted));
  }
  return reply;
}

/** The last line of an upload that failed once its answer had begun. */
function failureLine(request: FastifyRequest, error: unknown, cancelled: boolean): string {
  try {
    return finalLine(400, refusalOf(error));
  } catch {
    if (error instanceof HttpError) {
      return finalLine(error.statusCode, { code: error.code, errorMessage: error.message });
    }
    if (!cancelled) request.log.error({ err: error }, 'upload failed');
    return finalLine(500, { code: 'internal_error', errorMessage: messages.common.somethingWentWrong });
  }
}
