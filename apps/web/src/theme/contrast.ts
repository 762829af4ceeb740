/**
 * WCAG 2.2 contrast (success criteria 1.4.3 and 1.4.11): relative luminance of sRGB colours and the
 * ratio between two of them, and the shade of a colour that reaches a ratio against given surfaces.
 * Colours are `#rgb` or `#rrggbb`; a translucent colour is first laid over the surface it sits on.
 */

export type Rgb = { r: number; g: number; b: number }

/** 4.5:1 for text, 3:1 for large text, controls' boundaries and focus indicators. */
export const minimumTextContrast = 4.5
export const minimumNonTextContrast = 3

export function parseHex(hex: string): Rgb {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex)?.[1]
  if (!digits) throw new Error(`not a #rgb or #rrggbb colour: ${hex}`)
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  }
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`.toUpperCase()
}

/** `colour` with opacity `alpha` laid over the opaque `surface`, as the browser paints it. */
export function composite(colour: string, alpha: number, surface: string): string {
  const top = parseHex(colour)
  const bottom = parseHex(surface)
  const mix = (a: number, b: number) => a * alpha + b * (1 - alpha)
  return toHex({ r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b) })
}

/**
 * A CSS colour as painted on the opaque `surface`: `#rgb`, `#rrggbb` or `rgba(r, g, b, a)` (how
 * RainbowKit writes its translucent greys).
 */
export function paintedOn(colour: string, surface: string): string {
  const rgba = /^rgba\(\s*(\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\s*\)$/.exec(colour)
  if (!rgba) return toHex(parseHex(colour))
  const [, r, g, b, alpha] = rgba.map(Number) as [number, number, number, number, number]
  return composite(toHex({ r, g, b }), alpha, surface)
}

/** WCAG's relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHex(hex)
  const linear = (channel: number) => {
    const value = channel / 255
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/**
 * The contrast ratio of two opaque colours, from 1 (same) to 21 (black on white).
 *
 * @example contrastRatio('#FFFFFF', '#0E76FD') // 4.178…
 */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ]
  return (lighter + 0.05) / (darker + 0.05)
}

type Hsl = { h: number; s: number; l: number }

function toHsl({ r, g, b }: Rgb): Hsl {
  const [red, green, blue] = [r / 255, g / 255, b / 255]
  const max = Math.max(red, green, blue)
  const min = Math.min(red, green, blue)
  const l = (max + min) / 2
  if (max === min) return { h: 0, s: 0, l }
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h =
    max === red
      ? (green - blue) / d + (green < blue ? 6 : 0)
      : max === green
        ? (blue - red) / d + 2
        : (red - green) / d + 4
  return { h: h / 6, s, l }
}

function fromHsl({ h, s, l }: Hsl): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 }
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s
  const p = 2 * l - q
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t
    if (u < 1 / 6) return p + (q - p) * 6 * u
    if (u < 1 / 2) return q
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6
    return p
  }
  return { r: channel(h + 1 / 3) * 255, g: channel(h) * 255, b: channel(h - 1 / 3) * 255 }
}

/**
 * The nearest shade of `colour` (same hue and saturation, HSL lightness moved in steps of 0.5 %,
 * darker or lighter) whose contrast with every one of `against` is at least `minimum`; `colour`
 * itself when it already passes. Throws when no shade in that direction can.
 *
 * @example shadeReaching('#0E76FD', { against: ['#FFFFFF'], minimum: 4.5, direction: 'darker' }) // '#026EFA'
 */
export function shadeReaching(
  colour: string,
  options: { against: readonly string[]; minimum: number; direction: 'darker' | 'lighter' },
): string {
  const passes = (candidate: string) =>
    options.against.every((surface) => contrastRatio(candidate, surface) >= options.minimum)
  const hsl = toHsl(parseHex(colour))
  const step = options.direction === 'darker' ? -0.005 : 0.005
  for (let l = hsl.l; l >= 0 && l <= 1; l += step) {
    const candidate = l === hsl.l ? toHex(parseHex(colour)) : toHex(fromHsl({ ...hsl, l }))
    if (passes(candidate)) return candidate
  }
  throw new Error(`no ${options.direction} shade of ${colour} reaches ${options.minimum}:1`)
}
