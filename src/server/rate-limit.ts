/**
 * A token bucket: `burst` tokens at most, refilled at `perSecond`. One per WebSocket connection
 * (commands) and one per client address (HTTP writes), so one noisy client cannot starve a table.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one token if there is one. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True once the bucket has refilled completely, i.e. it no longer remembers anything. */
  get full(): boolean {
    const t = this.now();
    return this.tokens + ((t - this.last) / 1000) * this.perSecond >= this.burst;
  }
}

/** What to do with one frame of a socket: see FrameLimiter. */
export type FrameVerdict = 'pass' | 'refuse' | 'drop' | 'close';

/**
 * The rate limit of one WebSocket. A frame that gets a token passes. Of the frames over the
 * limit, only the first after a frame that passed is answered (`refuse`); the rest are dropped
 * unanswered (`drop`). Under a flood a frame passes once per refill interval (1/perSecond s), so
 * that is at most one answer per refill window: otherwise a flood would make the server write
 * about as much as it reads. Every refused frame also takes a token from a second bucket of the
 * same size and rate; when that one is empty too (the client went on sending well over twice its
 * rate) the verdict is `close`.
 */
export class FrameLimiter {
  private readonly bucket: TokenBucket;
  private readonly patience: TokenBucket;
  /** A frame was refused and answered since the last one that passed. */
  private answered = false;

  constructor(perSecond: number, burst: number, now: () => number = () => performance.now()) {
    this.bucket = new TokenBucket(perSecond, burst, now);
    this.patience = new TokenBucket(perSecond, burst, now);
  }

  admit(): FrameVerdict {
    if (this.bucket.take()) {
      this.answered = false;
      return 'pass';
    }
    if (!this.patience.take()) return 'close';
    if (this.answered) return 'drop';
    this.answered = true;
    return 'refuse';
  }
}

/** One bucket per key (a client address), forgetting keys whose bucket has refilled. */
export class KeyedRateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();
  private calls = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  take(key: string): boolean {
    // Sweep now and then so a stream of distinct addresses cannot grow the map without bound.
    if (++this.calls % 1000 === 0) {
      for (const [k, b] of this.buckets) if (b.full) this.buckets.delete(k);
    }
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.perSecond, this.burst);
      this.buckets.set(key, bucket);
    }
    return bucket.take();
  }
}
