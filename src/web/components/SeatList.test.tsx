import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeatList } from './SeatList.tsx';

const seats = [
  { seatId: 'g', role: 'gm', name: 'Mother', online: true },
  { seatId: 'p', role: 'player', name: 'Hicks', online: true },
] as const;

describe('presence in the seat list', () => {
  it('shows who is online while connected', () => {
    const html = renderToStaticMarkup(<SeatList seats={seats} me="p" />);
    expect(html.match(/class="online"/g)).toHaveLength(2);
  });

  it('goes unknown while the server is unreachable, instead of showing everyone online', () => {
    const html = renderToStaticMarkup(<SeatList seats={seats} me="p" presenceKnown={false} />);
    expect(html).not.toContain('class="online"');
    expect(html.match(/class="unknown"/g)).toHaveLength(2);
    expect(html).toContain('presence unknown while not connected');
  });
});
