/** Moves keyboard focus to the element when it appears (screen changes, step changes). */
export function focusOnMount(node: HTMLElement): void {
  queueMicrotask(() => node.focus());
}
