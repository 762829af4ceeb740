// The Safe watcher's RPC cost: JSON-RPC calls per minute of one `signet serve` process watching 1 Safe
// and then 1 000 Safes on the local chain (anvil mining a block every second, real Safe 1.4.1 proxies),
// counted by a proxy in front of anvil, against a naive watcher that asks `eth_getLogs` per Safe per
// block (computed from the blocks mined in the same window). Then one Safe changes: how long until its
// session answers 401. The measurement itself is in safe-watch-rpc.ts.
//
//   npm run bench:safe-watch [-- --safes 1000 --seconds 60 --block-time 1]
//
// The bench exits 1 when that session does not end within 30 s.
import { parseArgs } from 'node:util'
import { measureSafeWatchRpc } from './safe-watch-rpc.ts'

const { values } = parseArgs({
  options: {
    safes: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    'block-time': { type: 'string', default: '1' },
  },
})

const figures = await measureSafeWatchRpc({
  safes: Number(values.safes),
  windowMs: Number(values.seconds) * 1000,
  blockTimeSeconds: Number(values['block-time']),
  measureOneSafe: true,
})
process.exit(figures.changeEndedMs === undefined ? 1 : 0)
