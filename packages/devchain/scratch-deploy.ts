import { startAnvil } from './src/anvil.ts'
import { deploySafeContracts, SAFE_VERSIONS } from './src/safe-deploy.ts'
const anvil = await startAnvil()
try {
  for (const v of SAFE_VERSIONS) {
    const t = performance.now()
    const d = await deploySafeContracts(anvil.rpcUrl, v)
    console.log(v, Math.round(performance.now() - t), 'ms', JSON.stringify(d))
  }
} finally { await anvil.stop() }
