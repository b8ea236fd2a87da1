/** The page's toasts (see toasts.ts), each dismissed by itself after its lifetime or by the user. */
import { addToast, toastLifetime, type Toast, type ToastInput } from './toasts';

export class Toasts {
  list = $state<Toast[]>([]);
  private nextId = 1;
  /** Each shown toast's expiry timer (plain bookkeeping, not shown). */
  private timers: { id: number; timer: ReturnType<typeof setTimeout> }[] = [];

  push(input: ToastInput): void {
    const toast: Toast = { ...input, id: this.nextId++ };
    const { list, removed } = addToast(this.list, toast);
    for (const r of removed) this.clearTimer(r.id);
    this.list = list;
    this.timers.push({ id: toast.id, timer: setTimeout(() => this.dismiss(toast.id), toastLifetime(input)) });
  }

  dismiss(id: number): void {
    this.clearTimer(id);
    this.list = this.list.filter((t) => t.id !== id);
  }

  /** Drops every toast (the wallet was locked: its news go with it). */
  clear(): void {
    for (const t of this.timers) clearTimeout(t.timer);
    this.timers = [];
    this.list = [];
  }

  private clearTimer(id: number): void {
    for (const t of this.timers) if (t.id === id) clearTimeout(t.timer);
    this.timers = this.timers.filter((t) => t.id !== id);
  }
}
