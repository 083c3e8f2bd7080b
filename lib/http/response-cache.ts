/**
 * A small in-process cache of finished public responses (body + ETag), for a few seconds. The body is kept
 * encoded: a warm answer is written as these bytes, not encoded again on every request. It is a cache,
 * never state: every entry can be rebuilt from PostgreSQL, and its lifetime is the same s-maxage a CDN in
 * front of us is allowed, so two instances can differ only as much as two CDN edges may.
 */
export interface CachedResponse {
  body: Buffer<ArrayBuffer>;
  etag: string;
  contentType: string;
  expiresAt: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now = Date.now()): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}
