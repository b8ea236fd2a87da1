/**
 * The colour theme: light, dark, or the system's (the default). The choice is set on the root
 * element as `data-theme`, which app.css reads; "system" removes it so the media query decides.
 * Applied before the app mounts, so a dark page never flashes light.
 */
import { readSetting, writeSetting } from './localSetting';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const KEY = 'browser-dex:theme';

export function loadTheme(): ThemeChoice {
  const v = readSetting(KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export function saveTheme(choice: ThemeChoice): void {
  writeSetting(KEY, choice === 'system' ? null : choice);
  applyTheme(choice);
}
