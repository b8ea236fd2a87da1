/**
 * Items in a given order, each found only when read: a binary heap, built in O(n) comparisons and
 * O(log n) for every item taken. `best_orders` reads the first few orders of each pair, often of
 * hundreds; sorting them all cost most of its answer.
 */
export function* inOrder<T>(items: readonly T[], order: (a: T, b: T) => number): Generator<T, void, undefined> {
  const heap = [...items];
  const at = (i: number): T => heap[i] as T;
  const siftDown = (from: number, size: number): void => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) return;
      const right = left + 1;
      const first = right < size && order(at(right), at(left)) < 0 ? right : left;
      if (order(at(first), at(i)) >= 0) return;
      [heap[i], heap[first]] = [at(first), at(i)];
      i = first;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(i, heap.length);
  for (let size = heap.length; size > 0; size--) {
    const next = at(0);
    heap[0] = at(size - 1);
    siftDown(0, size - 1);
    yield next;
  }
}
