/** What a NotifiedCache keeps and for how long at most. */
export interface NotifiedCacheOptions<V> {
  /** The longest an answer is kept: a last resort should a change ever go unannounced. */
  ttlMs: number;
  /** Past this many answers the oldest go first (memory stays bounded whatever the traffic). */
  maxEntries: number;
  /** Which answers are kept (the others are read again each time); every one by default. */
  keep?: (value: V) => boolean;
  now?: () => number;
}

interface Entry<V> {
  value: Promise<V>;
  until: number;
}

/**
 * Answers read from the database, kept in this process until the database announces that they
 * changed (a LISTEN on the channel their tables' triggers notify, see ListenPool.listen): the
 * holder forgets the entries a notification names, and everything when its listening connection
 * was lost (changes may have been missed meanwhile). An answer still being read when its change
 * is announced is dropped with the rest, so a request that starts after the announcement always
 * reads the database again. A failed read is not kept.
 */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly now: () => number;

  constructor(private readonly options: NotifiedCacheOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  get(key: string, read: () => Promise<V>): Promise<V> {
    const held = this.entries.get(key);
    if (held && held.until > this.now()) return held.value;
    if (held) this.entries.delete(key);
    const value = read();
    const entry: Entry<V> = { value, until: this.now() + this.options.ttlMs };
    this.entries.set(key, entry);
    const drop = () => {
      // Only this read's entry: a later one may have taken its place since.
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((answer) => this.options.keep && !this.options.keep(answer) && drop(), drop);
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  /** Forgets the entries whose key the test picks (those a notification is about). */
  forget(picked: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (picked(key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
