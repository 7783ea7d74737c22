import pg from 'pg';

/** What a listener is told: each signal's payload, the connection's loss, and its return. */
export interface SignalHandlers {
  onSignal(payload: string): void;
  /** The listening connection ended: signals sent from now until `onHeard` may be missed. */
  onLost(): void;
  /**
   * Listening (again): every signal sent from now on is heard. Called when LISTEN starts and after
   * each loss; it may come twice in a row, so it must be idempotent.
   */
  onHeard(): void;
}

/** LISTEN/NOTIFY between the processes sharing one PostgreSQL database. */
export interface DatabaseSignals {
  notify(channel: string, payload?: string): Promise<void>;
  /** Listens on `channel` until the answered function is called. */
  listen(channel: string, handlers: SignalHandlers): Promise<() => Promise<void>>;
}

export interface ListenerOptions {
  /** The first wait before connecting again after a loss; it doubles up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * One connection of its own listens on every channel this process asked for (a pooled connection
 * cannot: LISTEN belongs to a session). When it ends (a database restart, a failover, a
 * terminated backend) every listener is told at once, so what it keeps from the others' signals is
 * dropped; the connection is then made again with a growing wait (with jitter, so instances do not
 * reconnect in step), LISTEN is sent for every channel, and each listener hears that signals reach
 * it again (docs/decisions.md 'Serving through database faults').
 */
export function createDatabaseSignals(
  url: string,
  notify: (channel: string, payload: string) => Promise<void>,
  options: ListenerOptions = {},
): DatabaseSignals & { close(): Promise<void> } {
  const firstRetryMs = options.firstRetryMs ?? 200;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  const listeners = new Map<string, Set<SignalHandlers>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;
  let heard = false;

  const each = (visit: (handlers: SignalHandlers) => void) => {
    for (const set of listeners.values()) for (const handlers of set) visit(handlers);
  };

  const lost = (ended: pg.Client) => {
    if (client !== ended) return;
    client = null;
    ended.removeAllListeners('notification');
    ended.end().catch(() => {});
    if (heard) each((handlers) => handlers.onLost());
    heard = false;
    scheduleRetry();
  };

  const scheduleRetry = () => {
    if (closed || retry || listeners.size === 0) return;
    const wait = Math.min(maxRetryMs, firstRetryMs * 2 ** failures);
    failures += 1;
    retry = setTimeout(
      () => {
        retry = null;
        void connect();
      },
      wait / 2 + Math.random() * (wait / 2),
    );
    retry.unref();
  };

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      next.on('notification', (message) => {
        for (const handlers of listeners.get(message.channel) ?? []) handlers.onSignal(message.payload ?? '');
      });
      try {
        await next.connect();
        client = next;
        for (const channel of listeners.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (client !== next) return;
        failures = 0;
        heard = true;
        each((handlers) => handlers.onHeard());
      } catch (error) {
        options.onError?.(error);
        if (client === next) lost(next);
        else {
          next.end().catch(() => {});
          scheduleRetry();
        }
      }
    })().finally(() => (connecting = null)));

  return {
    notify: (channel, payload = '') => notify(channel, payload),

    async listen(channel, handlers) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(handlers);
      if (connecting) await connecting;
      if (!client) {
        // Tells every listener, this one included, once LISTEN is in place (now or on a retry).
        await connect();
      } else {
        try {
          // A channel already listened to is listened to again: PostgreSQL makes it a no-op.
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          if (heard) handlers.onHeard();
        } catch (error) {
          options.onError?.(error);
        }
      }
      return async () => {
        set.delete(handlers);
        if (set.size === 0) listeners.delete(channel);
        if (listeners.size > 0 || !client) return;
        const ending = client;
        client = null;
        heard = false;
        ending.removeAllListeners();
        ending.on('error', () => {});
        await ending.end().catch(() => {});
      };
    },

    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      await connecting?.catch(() => {});
      const ending = client;
      client = null;
      if (!ending) return;
      ending.removeAllListeners();
      ending.on('error', () => {});
      await ending.end().catch(() => {});
    },
  };
}
