import fc from 'fast-check'

// Generators of hostile input for the fuzz tests: unicode look-alikes, invisible and control characters,
// CRLF, huge runs, broken lines — applied as mutations to a valid EIP-4361 message so that most inputs
// get deep into the parser (random text alone is refused on its first line).

/** Characters a reviewer would read as the ASCII one: Cyrillic, fullwidth, other scripts' punctuation. */
export const lookAlikes: Record<string, string[]> = {
  a: ['\u0430'], // Cyrillic а
  c: ['\u0441'], // Cyrillic с
  e: ['\u0435'], // Cyrillic е
  i: ['\u0456'], // Cyrillic і
  o: ['\u043e', '\u03bf'], // Cyrillic о, Greek ο
  p: ['\u0440'], // Cyrillic р
  x: ['\u0445'], // Cyrillic х
  y: ['\u0443'], // Cyrillic у
  l: ['\u04cf', '\u2113'], // Cyrillic ӏ, script ℓ
  A: ['\u0410', '\u0391'],
  B: ['\u0412'],
  E: ['\u0415'],
  ':': ['\uff1a', '\u02d0'], // fullwidth colon, modifier letter triangular colon
  '.': ['\u3002', '\uff0e'], // ideographic full stop (a dot to IDNA), fullwidth full stop
  '/': ['\u2215', '\uff0f'],
  '-': ['\u2010', '\u2212'],
  ' ': ['\u00a0', '\u2007', '\u3000'],
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, digit) => [
      String(digit),
      [String.fromCodePoint(0xff10 + digit), String.fromCodePoint(0x0660 + digit)],
    ]),
  ), // fullwidth and Arabic-Indic digits
}

/** Zero-width, direction overrides, BOM, soft hyphen, unicode line separators. */
export const invisibles = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u202e',
  '\u202d',
  '\u00ad',
  '\u2028',
  '\u2029',
  '\u0085',
]

/** C0 controls and DEL, CR and CRLF included. */
export const controls = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  '\x7f',
  '\r\n',
]

const insertable = fc.oneof(
  fc.constantFrom(...invisibles),
  fc.constantFrom(...controls),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  fc.constantFrom('%00', '%0d%0a', '\\u0000', '"', "'", '<script>', '$' + '{x}', '\u{1f600}', '\ud800'),
)

type Mutation = (text: string) => string

function replaceAt(text: string, index: number, length: number, replacement: string): string {
  return text.slice(0, index) + replacement + text.slice(index + length)
}

/** One mutation of a text; positions are taken modulo the text so that any nat lands somewhere. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // A look-alike in place of one character that has one (domain, URI, digits, labels…): the first such
  // character from a random position on.
  fc.tuple(fc.nat(), fc.nat()).map(
    ([at, pick]): Mutation =>
      (text) => {
        const start = at % Math.max(1, text.length)
        for (let k = 0; k < text.length; k++) {
          const index = (start + k) % text.length
          const options = lookAlikes[text[index] ?? '']
          if (options) return replaceAt(text, index, 1, options[pick % options.length] ?? '')
        }
        return text
      },
  ),
  // Something inserted anywhere.
  fc.tuple(fc.nat(), insertable).map(
    ([at, inserted]): Mutation =>
      (text) =>
        replaceAt(text, at % (text.length + 1), 0, inserted),
  ),
  // A character replaced by something else.
  fc.tuple(fc.nat(), insertable).map(
    ([at, inserted]): Mutation =>
      (text) =>
        replaceAt(text, at % Math.max(1, text.length), 1, inserted),
  ),
  // A range deleted.
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 40 })).map(
    ([at, length]): Mutation =>
      (text) =>
        replaceAt(text, at % Math.max(1, text.length), length, ''),
  ),
  // One character's case flipped (breaks EIP-55 checksums and labels).
  fc.nat().map(
    (at): Mutation =>
      (text) => {
        const index = at % Math.max(1, text.length)
        const char = text[index] ?? ''
        const flipped = char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()
        return replaceAt(text, index, 1, flipped)
      },
  ),
  // Line endings: CRLF everywhere, or on one line; a trailing newline.
  fc.constant<Mutation>((text) => text.replaceAll('\n', '\r\n')),
  fc.nat().map(
    (at): Mutation =>
      (text) => {
        const breaks = [...text.matchAll(/\n/g)].map((match) => match.index)
        return breaks.length === 0 ? `${text}\r` : replaceAt(text, breaks[at % breaks.length] ?? 0, 1, '\r\n')
      },
  ),
  fc.constantFrom<Mutation>(
    (text) => `${text}\n`,
    (text) => `\n${text}`,
    (text) => `${text} `,
  ),
  // Whole lines dropped, doubled or swapped.
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('drop', 'double', 'swap')).map(
    ([a, b, op]): Mutation =>
      (text) => {
        const lines = text.split('\n')
        const i = a % lines.length
        const j = b % lines.length
        if (op === 'drop') lines.splice(i, 1)
        if (op === 'double') lines.splice(i, 0, lines[i] ?? '')
        if (op === 'swap') [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? '']
        return lines.join('\n')
      },
  ),
  // A field's value replaced by hostile text of any size (up to past the body limit).
  fc
    .tuple(
      fc.nat(),
      fc.oneof(
        insertable,
        fc.integer({ min: 1_000, max: 80_000 }).map((length) => 'a'.repeat(length)),
        fc.integer({ min: 1, max: 400 }).map((length) => '9'.repeat(length)),
        fc.integer({ min: 1, max: 2_000 }).map((length) => `${'a.'.repeat(length)}b`),
        fc.constantFrom(
          '-1',
          '0',
          '1e3',
          '0x1',
          '9007199254740993',
          '\uff13\uff11\uff13\uff13\uff17',
          '2024-02-30T00:00:00Z',
          '9999-99-99T99:99:99Z',
        ),
      ),
    )
    .map(
      ([at, value]): Mutation =>
        (text) => {
          const fields = [...text.matchAll(/^([A-Za-z ]+): (.*)$/gm)]
          const field = fields[at % Math.max(1, fields.length)]
          if (!field || field.index === undefined) return text
          return replaceAt(text, field.index + (field[1]?.length ?? 0) + 2, field[2]?.length ?? 0, value)
        },
    ),
)

/**
 * Texts that differ from `template` by one to three hostile mutations.
 *
 * @example fc.assert(fc.property(mutationsOf(validMessage), (text) => …))
 */
export function mutationsOf(template: string): fc.Arbitrary<string> {
  return fc
    .array(mutation, { minLength: 1, maxLength: 3 })
    .map((mutations) => mutations.reduce((text, mutate) => mutate(text), template))
    .filter((text) => text !== template)
}

/** Hex of `bytes` random bytes, `0x`-prefixed. */
export function hexBytes(minBytes: number, maxBytes: number): fc.Arbitrary<string> {
  return fc
    .uint8Array({ minLength: minBytes, maxLength: maxBytes })
    .map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`)
}

/** Signatures that must not prove anything: random, wrong length, flipped, non-hex, wrapped, huge. */
export function badSignatures(valid: string): fc.Arbitrary<string> {
  return fc
    .oneof(
      hexBytes(0, 200),
      hexBytes(65, 65),
      hexBytes(64, 64),
      fc.constant('0x'),
      // One hex digit of the valid signature changed (r, s or v).
      fc
        .tuple(fc.integer({ min: 2, max: valid.length - 1 }), fc.constantFrom(...'0123456789abcdef'))
        .map(([at, digit]) => replaceAt(valid, at, 1, digit)),
      fc.constant(`0X${valid.slice(2)}`),
      fc.constant(valid.toUpperCase()),
      fc.constant(` ${valid}`),
      fc.constant(`${valid}\n`),
      // 63 bytes (cutting v alone would leave r‖s, a valid EIP-2098 compact form whenever v is 27).
      fc.constant(valid.slice(0, -4)),
      fc.constant(`${valid}00`),
      // Look-alike digits: fullwidth ０ for 0.
      fc.constant(valid.replaceAll('0', '\uff10')),
      // An ERC-6492-looking wrapper around random bytes.
      hexBytes(0, 160).map((hex) => `${hex}${'6492'.repeat(16)}`),
      fc.integer({ min: 10_000, max: 40_000 }).map((length) => `0x${'ab'.repeat(length)}`),
    )
    .filter((signature) => signature !== valid)
}
