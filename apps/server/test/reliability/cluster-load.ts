import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { openDatabase } from '../../src/store/database.ts'
import { signInMessage } from '../sign-in-client.ts'
import { type HttpAnswer, httpRequest, postJson, sessionCookieOf } from './http-client.ts'
import { inParallel, type LatencySummary, summarizeLatencies } from './sign-in-load.ts'
import { type SignetProcess, startSignetProcess } from './signet-process.ts'

export type ClusterLoadOptions = {
  /** The Postgres every process shares. */
  databaseUrl: string
  processes: number
  signIns: number
  /** Sign-ins in flight at once. */
  concurrency: number
  /** Share of sign-ins started when process #1 gets SIGKILL (0–1). */
  killAt: number
  /** Share of sign-ins started when it is started again on its port. */
  restartAt: number
  progress?: (line: string) => void
}

export type ClusterLoadReport = {
  processes: number
  signIns: number
  /** verify requests sent, replays included (a retry after a network failure counts again). */
  submissions: number
  /** HTTP status → count, over every verify answer. */
  verifyStatuses: Record<number, number>
  /** Sign-ins answered 200 exactly once (the others of their nonce 401 invalid_nonce). */
  answeredOnce: number
  /** Nonces answered 200 more than once: must be 0. */
  duplicated: number
  /** Sign-ins answered 200 whose session row is missing: must be 0. */
  lostSessions: number
  /** Session rows of a nonce never answered 200: only possible when the answer was lost with the killed process. */
  sessionsWithoutAnswer: number
  /** Sign-ins that neither got a 200 nor lost an answer to the kill: must be 0. */
  refused: number
  /** Requests that failed on the network (to the killed process) and were retried on another. */
  networkFailures: number
  fiveHundreds: number
  /** Every 200's cookie asked on the restarted process, and on the next process. */
  cookiesChecked: number
  cookiesLive: number
  /** Answers the restarted process gave during the load. */
  answeredByRestarted: number
  verifyLatency: LatencySummary
  seconds: number
}

type Outcome = { statuses: number[]; codes: string[]; cookie?: string; networkFailure: boolean }

/**
 * Several `signet serve` processes on one Postgres behind a round-robin client: `signIns` EOA sign-ins,
 * one account each, a quarter sent once, a quarter replayed at once to two processes, a quarter replayed
 * after their answer, a quarter sent to three processes at once. Mid-load one process is SIGKILLed, and
 * later started again on its port. A request that fails on the network is retried on the next process
 * (the answer of a killed request is lost: its sign-in may or may not have been committed); a 5xx is
 * counted and retried the same way. Then the sessions table and every cookie are checked.
 *
 * @example const report = await runClusterLoad({ databaseUrl, processes: 4, signIns: 2000, concurrency: 64, killAt: 0.4, restartAt: 0.6 })
 */
export async function runClusterLoad(options: ClusterLoadOptions): Promise<ClusterLoadReport> {
  const progress = options.progress ?? (() => {})
  const servers: SignetProcess[] = await Promise.all(
    Array.from({ length: options.processes }, () =>
      startSignetProcess({ env: { DATABASE_URL: options.databaseUrl } }),
    ),
  )
  const victimIndex = 1 % servers.length
  const victimUrl = servers[victimIndex]?.url ?? ''
  let restarted: Promise<SignetProcess> | undefined
  let restartedUp = false
  try {
    const urls = servers.map((server) => server.url)
    let turn = 0
    let submissions = 0
    let networkFailures = 0
    let fiveHundreds = 0
    let answeredByRestarted = 0
    const verifyLatencies: number[] = []

    /** Sends to the next process in turn; on a network failure, to the one after (the process may be dead). */
    const roundRobin = async (
      send: (url: string) => Promise<HttpAnswer>,
      outcome?: Outcome,
    ): Promise<HttpAnswer> => {
      for (let attempt = 0; attempt < urls.length * 4; attempt++) {
        const url = urls[turn++ % urls.length] ?? ''
        let answer: HttpAnswer
        try {
          answer = await send(url)
        } catch {
          networkFailures++
          if (outcome) outcome.networkFailure = true
          await new Promise((resolve) => setTimeout(resolve, 20))
          continue
        }
        if (url === victimUrl && restartedUp) answeredByRestarted++
        // Counted (the test wants none), then retried elsewhere so that the run goes on to its checks.
        if (answer.status >= 500) {
          fiveHundreds++
          continue
        }
        return answer
      }
      throw new Error('no process answered')
    }

    const accounts: PrivateKeyAccount[] = []
    const outcomes: Outcome[] = []
    const killIndex = Math.floor(options.signIns * options.killAt)
    const restartIndex = Math.floor(options.signIns * options.restartAt)
    const start = performance.now()

    await inParallel(options.signIns, options.concurrency, async (i) => {
      if (i === killIndex) {
        progress(`SIGKILL ${victimUrl} with ${options.concurrency} sign-ins in flight`)
        servers[victimIndex]?.child.kill('SIGKILL')
      }
      if (i === restartIndex) {
        progress(`restarting ${victimUrl}`)
        const port = servers[victimIndex]?.port
        restarted = servers[victimIndex]?.exited.then(() =>
          startSignetProcess({ port, env: { DATABASE_URL: options.databaseUrl } }),
        )
        restarted?.then(
          () => {
            restartedUp = true
            progress(`${victimUrl} is back`)
          },
          () => {}, // awaited (and reported) after the load
        )
      }
      const account = privateKeyToAccount(generatePrivateKey())
      accounts[i] = account
      const outcome: Outcome = { statuses: [], codes: [], networkFailure: false }
      outcomes[i] = outcome

      const nonceAnswer = await roundRobin((url) => httpRequest(`${url}/api/auth/nonce`))
      const { nonce } = JSON.parse(nonceAnswer.body) as { nonce: string }
      const message = signInMessage(account.address, nonce)
      const body = JSON.stringify({ message, signature: await account.signMessage({ message }) })

      const submit = async () => {
        const sent = performance.now()
        const answer = await roundRobin((url) => {
          submissions++
          return postJson(`${url}/api/auth/verify`, body)
        }, outcome)
        verifyLatencies.push(performance.now() - sent)
        outcome.statuses.push(answer.status)
        if (answer.status === 200) outcome.cookie = sessionCookieOf(answer)
        else outcome.codes.push(errorCodeOf(answer.body))
      }
      const kind = i % 4
      if (kind === 0) await submit()
      if (kind === 1) await Promise.all([submit(), submit()])
      if (kind === 2) {
        await submit()
        await submit()
      }
      if (kind === 3) await Promise.all([submit(), submit(), submit()])
    })
    const seconds = (performance.now() - start) / 1000
    const back = await (restarted ?? Promise.reject(new Error('the killed process was never restarted')))
    servers[victimIndex] = back
    progress(`load done in ${seconds.toFixed(1)} s; checking the sessions table and every cookie`)

    // The sessions table, read directly: rows per address (one account per sign-in).
    const db = await openDatabase({ kind: 'postgres', url: options.databaseUrl })
    const rows = await db
      .selectFrom('sessions')
      .select(['address', db.fn.countAll<number>().as('count')])
      .groupBy('address')
      .execute()
    await db.destroy()
    const rowsByAddress = new Map(rows.map((row) => [row.address, Number(row.count)]))

    let answeredOnce = 0
    let duplicated = 0
    let lostSessions = 0
    let sessionsWithoutAnswer = 0
    let refused = 0
    const verifyStatuses: Record<number, number> = {}
    for (const [i, outcome] of outcomes.entries()) {
      const address = accounts[i]?.address ?? ''
      const sessionRows = rowsByAddress.get(address) ?? 0
      const oks = outcome.statuses.filter((status) => status === 200).length
      for (const status of outcome.statuses) verifyStatuses[status] = (verifyStatuses[status] ?? 0) + 1
      const othersAreReplays = outcome.codes.every((code) => code === 'invalid_nonce')
      if (oks === 1 && othersAreReplays) answeredOnce++
      if (oks > 1 || sessionRows > 1) duplicated++
      if (oks === 1 && sessionRows !== 1) lostSessions++
      if (oks === 0 && sessionRows === 1) sessionsWithoutAnswer++
      if (oks === 0 && !outcome.networkFailure) refused++
    }

    // Every answered session works — on the restarted process, and on the process after it.
    const cookies = outcomes.flatMap((outcome, i) =>
      outcome.cookie ? [{ cookie: outcome.cookie, address: accounts[i]?.address }] : [],
    )
    const checkOn = [servers[victimIndex]?.url ?? '', servers[(victimIndex + 1) % servers.length]?.url ?? '']
    let cookiesLive = 0
    await inParallel(cookies.length * checkOn.length, 32, async (k) => {
      const { cookie, address } = cookies[k % cookies.length] ?? {}
      const answer = await httpRequest(`${checkOn[Math.floor(k / cookies.length)]}/api/auth/session`, {
        headers: { cookie: cookie ?? '' },
      })
      if (answer.status === 200 && (JSON.parse(answer.body) as { address: string }).address === address)
        cookiesLive++
    })

    return {
      processes: options.processes,
      signIns: options.signIns,
      submissions,
      verifyStatuses,
      answeredOnce,
      duplicated,
      lostSessions,
      sessionsWithoutAnswer,
      refused,
      networkFailures,
      fiveHundreds,
      cookiesChecked: cookies.length * checkOn.length,
      cookiesLive,
      answeredByRestarted,
      verifyLatency: summarizeLatencies(verifyLatencies),
      seconds,
    }
  } finally {
    const last = await restarted?.catch(() => undefined)
    await Promise.all(
      [...servers, ...(last && !servers.includes(last) ? [last] : [])].map((server) => server.stop()),
    )
  }
}

function errorCodeOf(body: string): string {
  try {
    return (JSON.parse(body) as { error: { code: string } }).error.code
  } catch {
    return `not JSON: ${body.slice(0, 40)}`
  }
}
