import { useEffect, useState, useSyncExternalStore } from 'react'
import { useAccount, useConnect } from 'wagmi'
import { safeAppSession } from './safe-app-session.ts'

export type SafeAppConnection =
  | { status: 'connecting' }
  | { status: 'connected'; session: NonNullable<ReturnType<typeof safeAppSession.get>> }
  | { status: 'not-a-safe-host' }

/** How long to wait for a configured Safe{Wallet} host to answer before telling the user. */
const hostAnswerMs = 6_000

/**
 * The Safe this framed page runs in. wagmi's reconnect tries the Safe connector first; should it not
 * have connected (e.g. the person disconnected in this session), it is connected here once.
 */
export function useSafeAppConnection(): SafeAppConnection {
  const session = useSyncExternalStore(safeAppSession.subscribe, safeAppSession.get)
  const { connector, status } = useAccount()
  const { connect, connectors } = useConnect()
  const [gaveUp, setGaveUp] = useState(false)
  const [asked, setAsked] = useState(false)

  useEffect(() => {
    if (asked || status !== 'disconnected') return
    const safeConnector = connectors.find((candidate) => candidate.id === 'safe')
    if (!safeConnector) return
    setAsked(true)
    connect({ connector: safeConnector })
  }, [asked, status, connectors, connect])

  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), hostAnswerMs)
    return () => clearTimeout(timer)
  }, [])

  if (session && connector?.id === 'safe' && status === 'connected') return { status: 'connected', session }
  return gaveUp ? { status: 'not-a-safe-host' } : { status: 'connecting' }
}
