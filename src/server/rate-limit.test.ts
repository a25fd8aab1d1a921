import { describe, expect, it } from 'vitest';
import { FrameLimiter, type FrameVerdict } from './rate-limit.ts';

/** A limiter on a clock the test moves by hand, so refill windows are exact. */
function limiter(perSecond: number, burst: number) {
  let now = 0;
  const frames = new FrameLimiter(perSecond, burst, () => now);
  return {
    frames: (n: number): FrameVerdict[] => Array.from({ length: n }, () => frames.admit()),
    wait: (ms: number) => {
      now += ms;
    },
  };
}

describe('FrameLimiter (a WebSocket’s rate limit)', () => {
  it('answers one refused frame per refill window, drops the rest, and closes a flood that goes on', () => {
    const socket = limiter(10, 40);
    expect(socket.frames(40)).toEqual(Array(40).fill('pass'));
    expect(socket.frames(10)).toEqual(['refuse', ...Array(9).fill('drop')]);
    // One refill interval later (1/10 s) one frame passes, and the next refused one is answered.
    socket.wait(100);
    expect(socket.frames(10)).toEqual(['pass', 'refuse', ...Array(8).fill('drop')]);
    socket.wait(100);
    expect(socket.frames(3)).toEqual(['pass', 'refuse', 'drop']);
    // Less than an interval: nothing passes, and nothing more is answered.
    socket.wait(50);
    expect(socket.frames(5)).toEqual(Array(5).fill('drop'));
    // The refused frames take a second bucket of 40 (refilled at the same 10/s): 10 + 9 + 2 + 5
    // refused so far, 2.5 tokens back in 250 ms, so 16 more are dropped and the next one closes.
    expect(socket.frames(17)).toEqual([...Array(16).fill('drop'), 'close']);
  });

  it('lets a client within its rate through, and answers a slight overuse every time without closing', () => {
    const steady = limiter(10, 2);
    for (let i = 0; i < 1000; i++) {
      expect(steady.frames(1)).toEqual(['pass']);
      steady.wait(100);
    }
    // Twice the rate, for a long time: one frame passes and one is answered in every window.
    const double = limiter(10, 1);
    for (let i = 0; i < 1000; i++) {
      expect(double.frames(2)).toEqual(['pass', 'refuse']);
      double.wait(100);
    }
  });

  it('forgets a flood once the client has paused for a whole refill', () => {
    const socket = limiter(10, 5);
    socket.frames(5);
    expect(socket.frames(5)).toEqual(['refuse', ...Array(4).fill('drop')]);
    socket.wait(500);
    expect(socket.frames(6)).toEqual([...Array(5).fill('pass'), 'refuse']);
  });
});
