import type Provider from 'oidc-provider'
import type { Logger } from 'pino'
import type { OidcSigningKey } from '../config/oidc-config.ts'
import type { StoreDatabase } from '../store/database.ts'
import {
  ensureSigningKeys,
  type ProviderKeySet,
  providerKeySet,
  readPrivateKeys,
  readSigningKeySchedule,
  type SigningKeySchedule,
  signingKeysVersion,
} from './signing-keys.ts'

/** How often each process asks the database whether the keys changed (one `count` query). */
const signingKeysPollMs = 2_000

/** This process's OpenID Connect provider, rebuilt when its signing keys change. */
export type KeyReloadingProvider = {
  /** The provider for a new request. */
  current(): Provider
  /** True once the provider holds its signing keys (for a readiness probe). */
  keysLoaded(): boolean
  /** The kid that signs now. */
  signingKid(): string
  /** The published kids, the signing one first. */
  publishedKids(): string[]
  /**
   * Where the keys come from: `SIGNET_OIDC_JWKS` (fixed for the process's life) or the database
   * (`signet keys`).
   */
  source: 'configuration' | 'database'
  /** Re-reads the keys now (the poll and the timer of the next scheduled change call it too). */
  refresh(): Promise<void>
  stop(): void
}

export type KeyReloadingProviderOptions = {
  db: StoreDatabase
  /** `SIGNET_OIDC_JWKS`: when set, the provider keeps these keys and never looks at the database's. */
  configuredJwks: { keys: OidcSigningKey[] } | undefined
  /** Builds a provider with these keys (all its other state is in the database, so any build continues any flow). */
  build: (jwks: { keys: OidcSigningKey[] }) => Provider
  log?: Logger
  pollMs?: number
  now?: () => number
}

/**
 * Builds the provider from the database's signing keys and keeps it current: every `pollMs` it counts the
 * keys (a rotation or retirement by `signet keys` in any process changes the count), and at the moment a
 * pending key starts signing or a retired one leaves the JWKS. When the published set or the signing key
 * changes it builds a new provider, the signing key first, and hands it to new requests; requests already
 * running finish on the old one.
 *
 * @example const oidc = await startKeyReloadingProvider({ db, configuredJwks, build }); oidc.current()
 */
export async function startKeyReloadingProvider(
  options: KeyReloadingProviderOptions,
): Promise<KeyReloadingProvider> {
  const { db, build, log } = options
  const now = options.now ?? Date.now
  if (options.configuredJwks) {
    const provider = build(options.configuredJwks)
    const kids = options.configuredJwks.keys.map((key) => String(key.kid ?? ''))
    return {
      current: () => provider,
      keysLoaded: () => true,
      signingKid: () => kids[0] ?? '',
      publishedKids: () => kids,
      source: 'configuration',
      refresh: async () => {},
      stop: () => {},
    }
  }

  await ensureSigningKeys(db, now())
  let version = await signingKeysVersion(db)
  let schedule: SigningKeySchedule[] = await readSigningKeySchedule(db)
  let keySet: ProviderKeySet = providerKeySet(schedule, now())
  // Private keys already read, by kid: a scheduled change (a pending key starting to sign, a retired one
  // leaving) needs no database, so it happens on time even while the database does not answer.
  const privateKeys = new Map<string, OidcSigningKey>()
  const keysOf = async (kids: readonly string[]) => {
    const missing = kids.filter((kid) => !privateKeys.has(kid))
    for (const [index, key] of (await readPrivateKeys(db, missing)).entries())
      privateKeys.set(missing[index] as string, key)
    return kids.map((kid) => privateKeys.get(kid) as OidcSigningKey)
  }
  let provider = build({ keys: await keysOf(keySet.kids) })
  let stopped = false
  let changeTimer: NodeJS.Timeout | undefined

  const refreshOnce = async () => {
    try {
      const latest = await signingKeysVersion(db)
      if (latest !== version) {
        schedule = await readSigningKeySchedule(db)
        version = latest
      }
    } catch (error) {
      log?.warn({ err: error }, 'reading the OpenID Connect signing keys failed; keeping the keys known')
    }
    const wanted = providerKeySet(schedule, now())
    if (wanted.kids.join() !== keySet.kids.join()) {
      const keys = await keysOf(wanted.kids)
      if (stopped) return
      provider = build({ keys })
      log?.info(
        { signingKid: wanted.signingKid, published: wanted.kids, previousSigningKid: keySet.signingKid },
        'OpenID Connect signing keys changed',
      )
    }
    keySet = wanted
    scheduleNextChange()
  }
  // One read at a time; a call while one runs gets the next one (which sees what changed meanwhile), and
  // calls piling up behind a slow database share that next one.
  let running: Promise<void> = Promise.resolve()
  let queued: Promise<void> | undefined
  const refresh = () => {
    queued ??= running.then(() => {
      queued = undefined
      running = refreshOnce().catch((error) =>
        log?.warn({ err: error }, 'reading the OpenID Connect signing keys failed'),
      )
      return running
    })
    return queued
  }
  // At the exact moment a pending key may sign or a retired one leaves (the poll would notice within pollMs).
  const scheduleNextChange = () => {
    clearTimeout(changeTimer)
    const at = keySet.changesAt
    if (stopped || at === undefined) return
    const delay = Math.max(0, at - now()) + 5
    if (delay > 2 ** 31 - 1) return
    changeTimer = setTimeout(() => void refresh(), delay)
    changeTimer.unref()
  }
  scheduleNextChange()
  const poll = setInterval(() => void refresh(), options.pollMs ?? signingKeysPollMs)
  poll.unref()

  return {
    current: () => provider,
    keysLoaded: () => keySet.kids.length > 0,
    signingKid: () => keySet.signingKid,
    publishedKids: () => [...keySet.kids],
    source: 'database',
    refresh,
    stop: () => {
      stopped = true
      clearInterval(poll)
      clearTimeout(changeTimer)
    },
  }
}
