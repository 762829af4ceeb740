import type { AddressBookItem } from '@safe-global/safe-apps-sdk'
import { useState } from 'react'
import type { SafeAppSession } from './safe-app-session.ts'

type AddressBookState =
  | { status: 'idle' | 'asking' }
  | { status: 'read'; entries: AddressBookItem[]; granted: boolean }
  | { status: 'failed'; text: string }

/**
 * Reads Safe{Wallet}'s address book (a restricted method): the SDK asks for the permission first; a
 * rejected or invalid request fails with `Permissions rejected` and code 4001, shown as such.
 */
export function AddressBookView({ session }: { session: SafeAppSession }) {
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
        text: code !== undefined ? `${message} (code ${code})` : String(message ?? error),
      })
    }
  }

  return (
    <section className="safe-app__section" aria-labelledby="address-book-title">
      <h3 id="address-book-title">Address book</h3>
      <button type="button" onClick={() => void read()} disabled={state.status === 'asking'}>
        {state.status === 'asking' ? 'Waiting for Safe{Wallet}…' : 'Read address book'}
      </button>
      {state.status === 'failed' && (
        <p className="notice notice--warning" role="alert" data-testid="address-book-error">
          {state.text}
        </p>
      )}
      {state.status === 'read' && state.entries.length === 0 && (
        <p data-testid="address-book-empty">
          {state.granted ? 'The address book is empty.' : 'Safe{Wallet} did not share its address book.'}
        </p>
      )}
      {state.status === 'read' && state.entries.length > 0 && (
        <ul className="safe-app__address-book" data-testid="address-book">
          {state.entries.map((entry) => (
            <li key={`${entry.chainId}:${entry.address}`}>
              <strong>{entry.name}</strong> {entry.address}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
