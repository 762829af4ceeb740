/**
 * `signet serve` / `signet dev`: starts Signet and keeps it running until SIGINT or SIGTERM, then stops it
 * cleanly (server closed, local chain stopped, database closed). A second signal exits at once.
 */
export async function serveCommand(): Promise<number> {
  // Imported here so that `parse` and `verify` do not load the server, the database and the chain tooling.
  const { startSignet } = await import('../serve.ts')
  const signet = await startSignet({ env: process.env })
  process.stdout.write(`Signet is running at ${signet.url} (Ctrl-C to stop)\n`)
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
