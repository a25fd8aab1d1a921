import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BusWithListeners } from './bus-listeners.ts';
import { checkSchema, pgChannel } from './pg-store.ts';

/**
 * Tells this instance when any instance appended: one dedicated connection per instance LISTENs
 * on the store's channel; payloads are 'tableId:seq' (the listener reads the rows itself).
 *
 * A notification sent while the connection is down is lost for good. So when the connection
 * breaks, the bus reconnects with backoff (0.1 s doubling to 5 s, jittered), LISTENs again, and
 * only then calls the onReconnect listeners: the hubs read whatever every open table missed.
 */
export class PgBus extends BusWithListeners {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  private readonly channel: string;
  private readonly schema: string;
  /** The application_name of the LISTEN connection: unique, so tests can find its backend. */
  readonly applicationName: string;

  /** Connects and LISTENs; rejects when the first connection fails. */
  static async open(config: { readonly url: string; readonly schema?: string | undefined }): Promise<PgBus> {
    const bus = new PgBus(config.url, config.schema);
    await bus.connect();
    return bus;
  }

  private constructor(
    private readonly url: string,
    schema: string | undefined,
  ) {
    super();
    this.schema = checkSchema(schema);
    this.channel = pgChannel(this.schema);
    this.applicationName = `bughunt-bus:${this.schema}:${randomBytes(4).toString('hex')}`;
  }

  /** True while the LISTEN connection is up. */
  get connected(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: this.applicationName,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      const colon = message.payload.lastIndexOf(':');
      const tableId = message.payload.slice(0, colon);
      const seq = Number(message.payload.slice(colon + 1));
      if (colon <= 0 || !Number.isInteger(seq)) return;
      for (const listener of this.listeners) listener(tableId, seq);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  /** The LISTEN connection broke (error or end; both may come): reconnect once. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (!this.closed) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = Math.min(5000, 100 * 2 ** this.failures) * (0.5 + Math.random() / 2);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => {
          if (this.closed) return;
          this.failures = 0;
          for (const listener of this.reconnectListeners) listener();
        },
        () => {
          this.failures++;
          if (!this.closed) this.scheduleReconnect();
        },
      );
    }, delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.dropListeners();
    await client?.end().catch(() => undefined);
  }
}
