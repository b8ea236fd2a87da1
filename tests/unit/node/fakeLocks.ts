/** Web Locks for Node tests: exclusive locks with `ifAvailable`, granted now or never, held until the callback settles. */
export class FakeLockManager {
  readonly held = new Set<string>();

  async request<T>(name: string, options: LockOptions, callback: LockGrantedCallback<T>): Promise<T> {
    if (!options.ifAvailable) throw new Error('the fake only supports ifAvailable');
    if (this.held.has(name)) return callback(null);
    this.held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' } as Lock);
    } finally {
      this.held.delete(name);
    }
  }
}

export const asLocks = (fake: Pick<FakeLockManager, 'request'>): LockManager => fake as unknown as LockManager;
