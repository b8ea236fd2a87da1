/**
 * Short in-page messages about things the user did not just ask for (a payment arrived, an order
 * matched, a swap moved on). Only the newest few are kept so a burst of swap steps never covers the
 * page; a toast with the key of an earlier one replaces it (a swap's newest step).
 */

export type ToastTone = 'info' | 'ok' | 'error';

export interface ToastInput {
  title: string;
  body: string;
  tone: ToastTone;
  /** A swap the toast is about: the toast offers to open its screen. */
  swapUuid?: string;
  key?: string;
}

export interface Toast extends ToastInput {
  id: number;
}

export const MAX_TOASTS = 4;
export const TOAST_MS = 8_000;
/** Errors stay longer: they usually ask for something. */
export const ERROR_TOAST_MS = 20_000;

/** The list with `toast` added, and the toasts that left it (replaced or pushed out). */
export function addToast(list: readonly Toast[], toast: Toast, max: number = MAX_TOASTS): { list: Toast[]; removed: Toast[] } {
  const replaced = toast.key === undefined ? [] : list.filter((t) => t.key === toast.key);
  const next = [...list.filter((t) => !replaced.includes(t)), toast];
  const overflow = next.slice(0, Math.max(0, next.length - max));
  return { list: next.slice(next.length - Math.min(max, next.length)), removed: [...replaced, ...overflow] };
}

export function toastLifetime(t: ToastInput): number {
  return t.tone === 'error' ? ERROR_TOAST_MS : TOAST_MS;
}
