import type { AnyRuleset } from '../engine/ruleset.ts';
import { type HubOptions, TableHub } from './hub.ts';
import type { EventBus, EventStore, TableRecord } from './store/event-store.ts';

/**
 * The open tables of this instance. A table is loaded on first use (a socket's hello, a seat
 * joining), kept while sockets are attached, and dropped after a quiet spell. The bus tells every
 * open table when its log grew elsewhere; after a bus reconnect every open table catches up,
 * because notifications sent while disconnected are lost.
 */
export class Hubs {
  private readonly hubs = new Map<string, Promise<TableHub | null>>();
  private readonly idleSince = new Map<string, number>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly store: EventStore,
    bus: EventBus,
    private readonly rulesFor: (table: TableRecord) => AnyRuleset | null,
    private readonly options: HubOptions & { readonly idleMs: number },
  ) {
    this.unsubscribe.push(
      bus.subscribe((tableId, seq) => {
        const hub = this.hubs.get(tableId);
        if (hub) void hub.then((h) => h?.notify(seq));
      }),
      bus.onReconnect(() => {
        for (const hub of this.hubs.values()) void hub.then((h) => h?.catchUp());
      }),
    );
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, options.idleMs / 2));
    this.sweeper.unref();
  }

  /** The open table, loading it if needed; null when there is no such table. */
  get(tableId: string): Promise<TableHub | null> {
    const existing = this.hubs.get(tableId);
    if (existing) {
      return existing.then((hub) => {
        if (hub && !hub.closed) return hub;
        // A failed hub (or a table that did not exist then) is loaded again.
        if (this.hubs.get(tableId) === existing) this.hubs.delete(tableId);
        return this.get(tableId);
      });
    }
    const loading = this.load(tableId);
    this.hubs.set(tableId, loading);
    // A failed load is not cached: the next call tries again.
    loading.catch(() => {
      if (this.hubs.get(tableId) === loading) this.hubs.delete(tableId);
    });
    this.idleSince.set(tableId, Date.now());
    return loading;
  }

  private async load(tableId: string): Promise<TableHub | null> {
    const table = await this.store.getTable(tableId);
    if (!table) {
      // Not cached: a table created later (another instance) must be found.
      queueMicrotask(() => this.hubs.delete(tableId));
      return null;
    }
    const rules = this.rulesFor(table);
    if (!rules) throw new Error(`table ${tableId}: no ruleset for system ${table.system}`);
    return TableHub.open(this.store, table, rules, this.options);
  }

  /** Open tables right now (tests, shutdown). */
  async all(): Promise<TableHub[]> {
    const hubs = await Promise.allSettled(this.hubs.values());
    return hubs.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  }

  private sweep(): void {
    const now = Date.now();
    for (const [tableId, loading] of this.hubs) {
      void loading.then(
        (hub) => {
          if (!hub || hub.clientCount > 0) {
            this.idleSince.set(tableId, now);
            return;
          }
          const since = this.idleSince.get(tableId) ?? now;
          if (now - since >= this.options.idleMs && this.hubs.get(tableId) === loading) {
            // Marked closed so a socket that got this hub just before cannot attach to it.
            hub.closed = true;
            this.hubs.delete(tableId);
            this.idleSince.delete(tableId);
          }
        },
        () => undefined,
      );
    }
  }

  close(code: number, reason: string): Promise<void> {
    clearInterval(this.sweeper);
    for (const u of this.unsubscribe) u();
    return this.all().then(async (hubs) => {
      for (const hub of hubs) hub.closeAll(code, reason);
      this.hubs.clear();
      await Promise.all(hubs.map((hub) => hub.drained()));
    });
  }
}
