/** How long a caller is asked to wait after a 503 for a database fault: a restart takes seconds. */
export const databaseRetryAfterSeconds = 5;

/**
 * Whether an error says the database cannot be reached right now (a restart, a failover, a
 * network fault, a full connection table) rather than that a statement was wrong. Such a request
 * changed nothing (its transaction died with its connection) and may simply be sent again, so it
 * answers 503 with Retry-After, never 500 (docs/decisions.md 'Serving through database faults').
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crashed, starting up),
    // 53300 (too many connections).
    if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
    if (networkCodes.has(code)) return true;
  }
  if (unavailableMessages.some((text) => error.message.includes(text))) return true;
  // Node's connection attempts to each address of a name fail together (happy eyeballs).
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}

/**
 * Whether a transaction was rolled back whole because it met another one: a deadlock (40P01, also
 * an upload that met a brand's lock out of order, ingestion-locks.ts) or a serialisation failure
 * (40001). Nothing changed, so it answers as a fault does: 503, to be sent again.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001';
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What node-postgres says when a connection ends under a query or cannot be had from the pool. */
const unavailableMessages = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
];
