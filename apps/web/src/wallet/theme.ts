import { darkTheme, lightTheme, type Theme } from '@rainbow-me/rainbowkit'
import { accentColours, rainbowKitTextColours } from '../theme/palette.ts'
import type { ThemeChoice } from '../theme/theme-choice.ts'

/**
 * RainbowKit's theme for a choice, in Signet's accessible colours (theme/palette.ts): the accent and
 * its text, and the greys and error reds RainbowKit's own themes draw below WCAG AA. With mode
 * `system` both themes are given and RainbowKit follows `prefers-color-scheme`.
 */
export function rainbowKitTheme(choice: ThemeChoice): Theme {
  const themeFor = (mode: 'light' | 'dark') => {
    const { background, foreground } = accentColours[mode][choice.accent]
    const base = (mode === 'light' ? lightTheme : darkTheme)({
      accentColor: background,
      accentColorForeground: foreground,
      borderRadius: choice.radius,
    })
    return { ...base, colors: { ...base.colors, ...rainbowKitTextColours[mode] } }
  }
  const light = themeFor('light')
  const dark = themeFor('dark')
  if (choice.mode === 'light') return light
  if (choice.mode === 'dark') return dark
  return { lightMode: light, darkMode: dark }
}
