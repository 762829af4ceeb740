// Several processes, one Postgres: 4 `signet serve` processes behind a round-robin client, 2 000 EOA
// sign-ins with replays mixed in (sent twice at once, three times at once, or again after the answer),
// one process SIGKILLed mid-load and started again on its port. Then the sessions table and every
// cookie are checked: exactly one session per nonce, none lost that was answered 200.
//
//   npm run bench:cluster [-- --sign-ins 2000 --processes 4 --concurrency 64]
//
// Exits 1 when a nonce gave two sessions, an answered session is missing, or any answer was a 5xx.
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { startTestPostgres } from '../test/postgres-server.ts'
import { runClusterLoad } from '../test/reliability/cluster-load.ts'

const { values } = parseArgs({
  options: {
    'sign-ins': { type: 'string', default: '2000' },
    processes: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '64' },
  },
})

const postgres = await startTestPostgres()
try {
  const load = loadavg()[0]?.toFixed(1)
  const report = await runClusterLoad({
    databaseUrl: postgres.url,
    processes: Number(values.processes),
    signIns: Number(values['sign-ins']),
    concurrency: Number(values.concurrency),
    killAt: 0.4,
    restartAt: 0.6,
    progress: (line) => console.log(`  … ${line}`),
  })
  const ms = (value: number) => `${value.toFixed(0)} ms`
  console.log(
    `\nSignet cluster: ${report.processes} processes, one Postgres, ${values.concurrency} sign-ins in flight, load average ${load} at start\n`,
  )
  console.log('| What | Figure |')
  console.log('|---|---:|')
  const rows: [string, string | number][] = [
    ['sign-ins (one account each)', report.signIns],
    ['verify requests sent (replays and retries included)', report.submissions],
    ['verify answers by status', JSON.stringify(report.verifyStatuses)],
    ['sign-ins answered 200 exactly once, replays 401 invalid_nonce', report.answeredOnce],
    ['nonces with two sessions (must be 0)', report.duplicated],
    ['answered 200 but session missing (must be 0)', report.lostSessions],
    ['sessions whose answer died with the killed process', report.sessionsWithoutAnswer],
    ['sign-ins refused (must be 0)', report.refused],
    ['requests failed on the network and retried elsewhere', report.networkFailures],
    ['5xx answers (must be 0)', report.fiveHundreds],
    ['answers by the restarted process during the load', report.answeredByRestarted],
    [
      'cookies checked on the restarted and the next process',
      `${report.cookiesLive} live of ${report.cookiesChecked}`,
    ],
    ['sign-ins per second (all processes)', (report.signIns / report.seconds).toFixed(0)],
    [
      'verify latency p50 / p99 / max',
      `${ms(report.verifyLatency.p50)} / ${ms(report.verifyLatency.p99)} / ${ms(report.verifyLatency.max)}`,
    ],
  ]
  for (const [what, figure] of rows) console.log(`| ${what} | ${figure} |`)
  const sound =
    report.duplicated === 0 &&
    report.lostSessions === 0 &&
    report.refused === 0 &&
    report.fiveHundreds === 0 &&
    report.cookiesLive === report.cookiesChecked
  console.log(sound ? '\nexactly one session per nonce; nothing answered 200 was lost' : '\nFAILED')
  if (!sound) process.exitCode = 1
} finally {
  await postgres.stop()
}
