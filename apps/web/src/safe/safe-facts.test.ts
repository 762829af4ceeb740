import { createTranslator } from 'use-intl'
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import { isSupportedMasterCopy, messagePreview, messageStatusLabel, pageCursor } from './safe-facts.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })

describe('Safe facts', () => {
  it('recognises a supported master copy, whatever the address case', () => {
    const copies = [{ address: '0x41675C099F32341bf84BFc5382aF534df5C7461a' as const, version: '1.4.1' }]
    expect(isSupportedMasterCopy('0x41675c099f32341bf84bfc5382af534df5c7461a', copies)).toBe(true)
    expect(isSupportedMasterCopy('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', copies)).toBe(false)
  })

  it('previews text and typed-data messages', () => {
    expect(messagePreview(t, 'hello')).toBe('hello')
    expect(messagePreview(t, { domain: {}, primaryType: 'Mail', types: {}, message: {} })).toBe(
      'Typed data: Mail',
    )
    expect(messageStatusLabel(t, 'NEEDS_CONFIRMATION')).toBe('Needs confirmation')
  })

  it('reads the cursor of a page link', () => {
    expect(
      pageCursor('https://gw.example/v1/chains/1/safes/0x1/messages?cursor=limit%3D20%26offset%3D20'),
    ).toBe('limit=20&offset=20')
    expect(pageCursor(null)).toBeUndefined()
    expect(pageCursor('not a url')).toBeUndefined()
  })
})
