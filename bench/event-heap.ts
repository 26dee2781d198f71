/** A binary min-heap of timed events (a simulated clock's queue): the earliest first, ties in insertion order. */
export class EventHeap<T> {
  private times: number[] = [];
  private order: number[] = [];
  private items: T[] = [];
  private count = 0;

  get size(): number {
    return this.items.length;
  }

  push(time: number, item: T): void {
    this.times.push(time);
    this.order.push(this.count++);
    this.items.push(item);
    this.up(this.items.length - 1);
  }

  /** The earliest event's time, or Infinity when none is left. */
  peekTime(): number {
    return this.items.length > 0 ? (this.times[0] as number) : Number.POSITIVE_INFINITY;
  }

  pop(): { time: number; item: T } | undefined {
    if (this.items.length === 0) return undefined;
    const time = this.times[0] as number;
    const item = this.items[0] as T;
    const last = this.items.length - 1;
    this.swap(0, last);
    this.times.pop();
    this.order.pop();
    this.items.pop();
    this.down(0);
    return { time, item };
  }

  private less(a: number, b: number): boolean {
    const ta = this.times[a] as number;
    const tb = this.times[b] as number;
    return ta < tb || (ta === tb && (this.order[a] as number) < (this.order[b] as number));
  }

  private swap(a: number, b: number): void {
    const time = this.times[a] as number;
    this.times[a] = this.times[b] as number;
    this.times[b] = time;
    const order = this.order[a] as number;
    this.order[a] = this.order[b] as number;
    this.order[b] = order;
    const item = this.items[a] as T;
    this.items[a] = this.items[b] as T;
    this.items[b] = item;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < this.items.length && this.less(left, least)) least = left;
      if (right < this.items.length && this.less(right, least)) least = right;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }
}
