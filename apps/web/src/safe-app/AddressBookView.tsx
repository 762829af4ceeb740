import type { AddressBookItem } from '@safe-global/safe-apps-sdk'
import { useState } from 'react'
import { useTranslations } from 'use-intl'
import type { SafeAppSession } from './safe-app-session.ts'

type AddressBookState =
  | { status: 'idle' | 'asking' }
  | { status: 'read'; entries: AddressBookItem[]; granted: boolean }
  /** What the SDK failed with, in its own words (`Permissions rejected`) and code. */
  | { status: 'failed'; message: string; code?: number }

/**
 * Reads Safe{Wallet}'s address book (a restricted method): the SDK asks for the permission first; a
 * rejected or invalid request fails with `Permissions rejected` and code 4001, shown as such.
 */
export function AddressBookView({ session }: { session: SafeAppSession }) {
  const t = useTranslations()
  const [state, setState] = useState<AddressBookState>({ status: 'idle' })

  async function read() {
    setState({ status: 'asking' })
    try {
      const entries = await session.sdk.safe.requestAddressBook()
      // An empty list is either an empty book or a host that stores a denial: the permissions tell.
      const granted =
        entries.length > 0 ||
        (await session.sdk.wallet.getPermissions()).some(
          (permission) => permission.parentCapability === 'requestAddressBook',
        )
      setState({ status: 'read', entries, granted })
    } catch (error) {
      const { message, code } = error as { message?: string; code?: number }
      setState({
        status: 'failed',
        message: code !== undefined ? String(message) : String(message ?? error),
        ...(code !== undefined ? { code } : {}),
      })
    }
  }

  return (
    <section className="safe-app__section" aria-labelledby="address-book-title">
      <h3 id="address-book-title">{t('safeApp.addressBook.title')}</h3>
      <button type="button" onClick={() => void read()} disabled={state.status === 'asking'}>
        {state.status === 'asking' ? t('safeApp.addressBook.asking') : t('safeApp.addressBook.read')}
      </button>
      {state.status === 'failed' && (
        <p className="notice notice--warning" role="alert" data-testid="address-book-error">
          {state.code !== undefined
            ? t('safeApp.addressBook.failedWithCode', { message: state.message, code: String(state.code) })
            : state.message}
        </p>
      )}
      {state.status === 'read' && state.entries.length === 0 && (
        <p data-testid="address-book-empty">
          {state.granted ? t('safeApp.addressBook.empty') : t('safeApp.addressBook.notShared')}
        </p>
      )}
      {state.status === 'read' && state.entries.length > 0 && (
        <ul className="safe-app__address-book" data-testid="address-book">
          {state.entries.map((entry) => (
            <li key={`${entry.chainId}:${entry.address}`}>
              <strong>{entry.name}</strong> <bdi dir="ltr">{entry.address}</bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
