import { accentColours } from './palette.ts'
import type { ThemeChoice } from './theme-choice.ts'

/**
 * Gives the page (app.css) the theme's mode and its accent in both modes: app.css picks the light or
 * dark pair for `--accent`, `--accent-fg` and the focus ring, the same colours RainbowKit gets.
 */
export function applyPageTheme(root: HTMLElement, choice: ThemeChoice): void {
  root.dataset.themeMode = choice.mode
  for (const mode of ['light', 'dark'] as const) {
    const { background, foreground } = accentColours[mode][choice.accent]
    root.style.setProperty(`--accent-${mode}`, background)
    root.style.setProperty(`--accent-${mode}-fg`, foreground)
  }
}
