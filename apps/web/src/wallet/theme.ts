import { darkTheme, lightTheme, type Theme } from '@rainbow-me/rainbowkit'
import type { ThemeChoice } from './theme-choice.ts'

/**
 * RainbowKit's theme for a choice. With mode `system` both themes are given and RainbowKit
 * follows `prefers-color-scheme`.
 */
export function rainbowKitTheme(choice: ThemeChoice): Theme {
  const light = lightTheme({ ...lightTheme.accentColors[choice.accent], borderRadius: choice.radius })
  const dark = darkTheme({ ...darkTheme.accentColors[choice.accent], borderRadius: choice.radius })
  if (choice.mode === 'light') return light
  if (choice.mode === 'dark') return dark
  return { lightMode: light, darkMode: dark }
}
