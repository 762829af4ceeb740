import {
  type AccentPreset,
  accentPresets,
  type PublicConfig,
  type RadiusPreset,
  radiusPresets,
  type ThemeMode,
  themeModes,
} from '@signet/protocol/public-config'

// Kept apart from theme.ts (which needs RainbowKit) because the first paint reads it.

export type ThemeChoice = PublicConfig['theme']

/**
 * The operator's theme with `?accent=&radius=&mode=` overrides from the page URL (used by the
 * theme preview and the theme tests). An unknown override value is ignored with a warning.
 *
 * @example resolveThemeChoice(config.theme, location.search)
 */
export function resolveThemeChoice(
  configured: ThemeChoice,
  search: string,
  warn: (message: string) => void = (message) => console.warn(message),
): ThemeChoice {
  const query = new URLSearchParams(search)
  const pick = <T extends string>(name: string, choices: readonly T[], fallback: T): T => {
    const value = query.get(name)
    if (value === null) return fallback
    if ((choices as readonly string[]).includes(value)) return value as T
    warn(`[Signet] Ignoring ?${name}=${value}: expected one of ${choices.join(', ')}.`)
    return fallback
  }
  return {
    accent: pick<AccentPreset>('accent', accentPresets, configured.accent),
    radius: pick<RadiusPreset>('radius', radiusPresets, configured.radius),
    mode: pick<ThemeMode>('mode', themeModes, configured.mode),
  }
}
