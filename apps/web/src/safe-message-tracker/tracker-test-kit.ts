import { createTranslator } from 'use-intl'
import type { Address, Hex } from 'viem'
import type { SignInSession } from '../auth/auth-api.ts'
import { englishMessages } from '../i18n/catalogue.ts'
import { safeSignInErrorText } from './safe-sign-in-error.ts'
import type { KeyValueStorage } from './stored-sign-in.ts'

/** Test support: a localStorage stand-in whose entries the test can read. */
export function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  }
}

/** The session the server opens for `safe` in these tests (its clock: 2026-11-25T10:00Z). */
export const sessionOf = (safe: Address): SignInSession => ({
  address: safe,
  chainId: 31337,
  accountType: 'contract',
  issuedAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-11-26T10:00:00.000Z',
})

/** A stand-in for the gateway's prepared signature (two owners' 65 bytes). */
export const preparedSignature = `0x${'11'.repeat(130)}` as Hex

/** The real English translator, as the page has it. */
export const englishT = createTranslator({ locale: 'en', messages: englishMessages })

/** What the user reads for a tracker state's failure or passing problems, in English. */
export function shownText(state: object): string | undefined {
  if ('error' in state) return safeSignInErrorText(englishT, state.error)
  if ('passingError' in state && Array.isArray(state.passingError))
    return state.passingError.map((problem) => safeSignInErrorText(englishT, problem)).join('; ')
  return undefined
}
