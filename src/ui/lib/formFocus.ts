/** Keyboard focus for forms that refuse what was typed. */
import { tick } from 'svelte';

/**
 * Once the page shows the form's errors (after Svelte's update), focuses its first field marked
 * `aria-invalid="true"`, opening any closed `<details>` around it. Resolves whether one was found.
 */
export async function focusFirstInvalid(form: HTMLElement | null | undefined): Promise<boolean> {
  await tick();
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  for (let d = field.closest('details'); d !== null; d = d.parentElement?.closest('details') ?? null) d.open = true;
  field.focus();
  return true;
}
