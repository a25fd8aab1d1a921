import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WaitingToSend } from './ConnectionBadge.tsx';

describe('commands waiting for the connection', () => {
  const away = { kind: 'reconnecting', at: 0, attempt: 2, reason: 'connection lost' } as const;

  it('says a command waits while the connection is down, and how many', () => {
    expect(renderToStaticMarkup(<WaitingToSend status={away} waiting={1} />)).toContain(
      'Waiting to send your last action — it will go when the connection is back.',
    );
    expect(
      renderToStaticMarkup(<WaitingToSend status={{ kind: 'connecting', attempt: 3 }} waiting={3} />),
    ).toContain('Waiting to send 3 actions');
    expect(renderToStaticMarkup(<WaitingToSend status={away} waiting={1} />)).toContain('role="status"');
  });

  it('says nothing while live (an answer is on its way) or with nothing queued', () => {
    expect(renderToStaticMarkup(<WaitingToSend status={{ kind: 'live' }} waiting={2} />)).toBe('');
    expect(renderToStaticMarkup(<WaitingToSend status={away} waiting={0} />)).toBe('');
  });

  it('promises no reconnect for a seat link that stopped working', () => {
    const failed = { kind: 'failed', code: 'BAD_TOKEN', message: 'not valid' } as const;
    const text = renderToStaticMarkup(<WaitingToSend status={failed} waiting={1} />);
    expect(text).toContain('cannot go until this seat can connect again');
    expect(text).not.toContain('connection is back');
  });
});
