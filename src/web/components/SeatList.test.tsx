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

describe('the GM’s seat tools', () => {
  const tools = { disconnect: async () => null, remove: async () => null };
  const all = [...seats, { seatId: 's', role: 'spectator', name: 'Bishop', online: false }] as const;

  it('offer Disconnect (online seats) and Remove for every seat but the GM’s own', () => {
    const html = renderToStaticMarkup(<SeatList seats={all} me="g" gm tools={tools} />);
    expect(html).toContain('aria-label="Disconnect Hicks"');
    expect(html).toContain('aria-label="Remove Hicks"');
    expect(html).toContain('aria-label="Remove Bishop"');
    // Offline: nothing to disconnect.
    expect(html).not.toContain('aria-label="Disconnect Bishop"');
    expect(html).not.toMatch(/aria-label="(Remove|Disconnect) Mother"/);
  });

  it('are not shown to players, nor while presence is unknown for Disconnect', () => {
    expect(renderToStaticMarkup(<SeatList seats={all} me="p" tools={tools} />)).not.toMatch(
      /Remove|Disconnect/,
    );
    const offline = renderToStaticMarkup(
      <SeatList seats={all} me="g" gm tools={tools} presenceKnown={false} />,
    );
    expect(offline).not.toContain('Disconnect');
    expect(offline).toContain('aria-label="Remove Hicks"');
  });
});
