import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a test receiver does with a delivery: answer a status, or never answer (a hung receiver). */
export type ReceiverAnswer = number | 'hang';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 at a free port, as a publisher would run one: it keeps every
 * delivery's raw body and headers and answers what the test scripted, 200 once the script is done.
 */
export async function startReceiver(script: ReceiverAnswer[] = []) {
  const received: ReceivedDelivery[] = [];
  const answers = [...script];
  const hung: (() => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') {
        hung.push(() => response.destroy());
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Scripts the next answers. */
    answer(...next: ReceiverAnswer[]) {
      answers.push(...next);
    },
    async close() {
      for (const release of hung) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * Receivers a test file starts as it goes, each closed after its test: `start` them in a test,
 * call `closeAll` in `afterEach`.
 */
export function receiverPool() {
  const open: Receiver[] = [];
  return {
    async start(...script: ReceiverAnswer[]): Promise<Receiver> {
      const started = await startReceiver(script);
      open.push(started);
      return started;
    },
    async closeAll(): Promise<void> {
      for (const receiver of open.splice(0)) await receiver.close();
    },
  };
}
