import type { EventBus } from './event-store.ts';

/**
 * What every EventBus keeps of its listeners, and how they are added and dropped: the buses (in
 * memory, PostgreSQL's LISTEN) differ only in how an append's notice, or a reconnect, reaches them.
 */
export abstract class BusWithListeners implements EventBus {
  /** Told of every append: its table and seq. */
  protected readonly listeners = new Set<(tableId: string, seq: number) => void>();
  /** Told after the bus came back from a lost connection. */
  protected readonly reconnectListeners = new Set<() => void>();

  subscribe(listener: (tableId: string, seq: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** At close: no listener is told anything again. */
  protected dropListeners(): void {
    this.listeners.clear();
    this.reconnectListeners.clear();
  }

  abstract close(): Promise<void>;
}
