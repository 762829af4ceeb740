import type { AccentPreset } from '@signet/protocol/public-config'
import {
  composite,
  contrastRatio,
  minimumNonTextContrast,
  minimumTextContrast,
  shadeReaching,
} from './contrast.ts'

/**
 * Signet's colours for every theme it offers (six accents × light and dark), chosen so that every
 * text meets WCAG 2.2 AA (4.5:1) and every control and focus ring 3:1. They are derived from
 * RainbowKit's accent presets by `deriveAccent` and `deriveRainbowKitText` below; palette.test.ts
 * checks that these tables are exactly what the derivation gives, and prints them next to
 * RainbowKit's originals. The page (app.css) and RainbowKit's dialog (theme.ts) use the same ones.
 */

export type Mode = 'light' | 'dark'
export type AccentColours = { background: string; foreground: string }

/** The text drawn on an accent: white on the light theme's darker shades, dark grey on the dark theme's. */
export const accentForeground: Record<Mode, string> = { light: '#FFFFFF', dark: '#1A1B1F' }

/**
 * Where an accent is drawn: besides carrying its foreground, it is the text colour of RainbowKit's
 * secondary buttons ("Get", "Learn More") and the focus ring on the page, so it must stand out on the
 * page (`--page-bg`), cards and dialogs (`--card-bg`, RainbowKit's `modalBackground`) and RainbowKit's
 * secondary-button background (`actionButtonSecondaryBackground` laid over the dialog).
 */
export const accentSurfaces: Record<Mode, readonly string[]> = {
  light: ['#FFFFFF', '#F6F7F9', composite('#000000', 0.06, '#FFFFFF')],
  dark: ['#1A1B1F', '#111214', composite('#FFFFFF', 0.08, '#1A1B1F')],
}

export const accentColours: Record<Mode, Record<AccentPreset, AccentColours>> = {
  light: {
    blue: { background: '#0266E8', foreground: '#FFFFFF' },
    green: { background: '#147D30', foreground: '#FFFFFF' },
    orange: { background: '#B54F00', foreground: '#FFFFFF' },
    pink: { background: '#D60059', foreground: '#FFFFFF' },
    purple: { background: '#5853FA', foreground: '#FFFFFF' },
    red: { background: '#DA0C06', foreground: '#FFFFFF' },
  },
  dark: {
    blue: { background: '#3898FF', foreground: '#1A1B1F' },
    green: { background: '#4BD166', foreground: '#1A1B1F' },
    orange: { background: '#FF983D', foreground: '#1A1B1F' },
    pink: { background: '#FF7AB8', foreground: '#1A1B1F' },
    purple: { background: '#8D84FF', foreground: '#1A1B1F' },
    red: { background: '#FF6257', foreground: '#1A1B1F' },
  },
}

/**
 * The shade of RainbowKit's accent `preset` (its `lightTheme`/`darkTheme` `accentColors`) that carries
 * its foreground and stands out on every surface at 4.5:1: darker in the light theme, lighter in the dark.
 */
export function deriveAccent(preset: string, mode: Mode): AccentColours {
  const foreground = accentForeground[mode]
  const background = shadeReaching(preset, {
    against: [foreground, ...accentSurfaces[mode]],
    minimum: minimumTextContrast,
    direction: mode === 'light' ? 'darker' : 'lighter',
  })
  return { background, foreground }
}

/** RainbowKit's theme colours that are text or icons, replaced because its own fail WCAG AA. */
export type RainbowKitTextColours = {
  modalTextSecondary: string
  modalTextDim: string
  closeButton: string
  error: string
  connectButtonBackgroundError: string
}

/**
 * The dialog's surfaces that RainbowKit's grey texts sit on: `modalBackground`, and laid over it
 * `actionButtonSecondaryBackground`, `menuItemBackground` and `profileForeground`.
 */
export const rainbowKitSurfaces: Record<Mode, readonly string[]> = {
  light: [
    '#FFFFFF',
    composite('#000000', 0.06, '#FFFFFF'),
    composite('#3C4242', 0.1, '#FFFFFF'),
    composite('#3C4242', 0.06, '#FFFFFF'),
  ],
  dark: [
    '#1A1B1F',
    composite('#FFFFFF', 0.08, '#1A1B1F'),
    composite('#E0E8FF', 0.1, '#1A1B1F'),
    composite('#E0E8FF', 0.05, '#1A1B1F'),
  ],
}

export const rainbowKitTextColours: Record<Mode, RainbowKitTextColours> = {
  light: {
    modalTextSecondary: '#686B6B',
    modalTextDim: '#696B6B',
    closeButton: '#636868',
    error: '#D80001',
    connectButtonBackgroundError: '#EC0001',
  },
  dark: {
    modalTextSecondary: '#A3A4A5',
    modalTextDim: '#9397A1',
    closeButton: '#9196A5',
    error: '#FF6263',
    connectButtonBackgroundError: '#EC0001',
  },
}

/**
 * RainbowKit's own values (rgba laid over its `modalBackground`), each moved to the nearest shade that
 * passes: text 4.5:1 on every dialog surface, the close icon 3:1, the white "Wrong network" text 4.5:1
 * on `connectButtonBackgroundError`.
 */
export function deriveRainbowKitText(original: RainbowKitTextColours, mode: Mode): RainbowKitTextColours {
  const away = mode === 'light' ? 'darker' : 'lighter'
  const surfaces = rainbowKitSurfaces[mode]
  const text = (colour: string) =>
    shadeReaching(colour, { against: surfaces, minimum: minimumTextContrast, direction: away })
  return {
    modalTextSecondary: text(original.modalTextSecondary),
    modalTextDim: text(original.modalTextDim),
    closeButton: shadeReaching(original.closeButton, {
      against: surfaces,
      minimum: minimumNonTextContrast,
      direction: away,
    }),
    error: text(original.error),
    connectButtonBackgroundError: shadeReaching(original.connectButtonBackgroundError, {
      against: ['#FFFFFF'],
      minimum: minimumTextContrast,
      direction: 'darker',
    }),
  }
}

/** The lowest contrast of `colour` with any of `surfaces`. */
export function lowestContrast(colour: string, surfaces: readonly string[]): number {
  return Math.min(...surfaces.map((surface) => contrastRatio(colour, surface)))
}
