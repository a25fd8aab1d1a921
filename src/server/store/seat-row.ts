import type { SeatRecord } from './event-store.ts';

/**
 * A row of the seats table as both SQL stores read it (PostgreSQL and SQLite: the same columns in
 * their migrations), and the seat it is.
 */
export interface SeatRow {
  table_id: string;
  seat_id: string;
  role: SeatRecord['role'];
  name: string;
  token_hash: string;
}

export function seatFromRow(row: SeatRow): SeatRecord {
  return {
    tableId: row.table_id,
    seatId: row.seat_id,
    role: row.role,
    name: row.name,
    tokenHash: row.token_hash,
  };
}
