/**
 * `signet serve` / `signet dev`: starts Signet and keeps it running until SIGINT or SIGTERM, then stops it
 * cleanly (server closed, local chain stopped, database closed). A second signal exits at once.
 * `dev` is `serve` with `SIGNET_MODE=dev` unless the environment sets another mode.
 */
export async function serveCommand(command: 'serve' | 'dev'): Promise<number> {
  // Imported here so that `parse` and `verify` do not load the server, the database and the chain tooling.
  const { startSignet } = await import('../serve.ts')
  const env =
    command === 'dev' ? { ...process.env, SIGNET_MODE: process.env.SIGNET_MODE || 'dev' } : process.env
  const signet = await startSignet({ env })
  process.stdout.write(`Signet is running at ${signet.url} (Ctrl-C to stop)\n`)
  if (signet.demo) {
    process.stdout.write(`Local chain (anvil): ${signet.demo.rpcUrl}\n`)
    if (signet.demo.gatewayUrl) process.stdout.write(`Local Safe gateway: ${signet.demo.gatewayUrl}\n`)
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  const forceExit = () => process.exit(signal === 'SIGINT' ? 130 : 143)
  process.once('SIGINT', forceExit)
  process.once('SIGTERM', forceExit)
  process.stdout.write(`Stopping Signet (${signal})…\n`)
  await signet.stop()
  process.off('SIGINT', forceExit)
  process.off('SIGTERM', forceExit)
  return 0
}
