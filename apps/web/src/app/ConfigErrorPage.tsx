/** Shown instead of the app when the run-time configuration cannot be read. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error)
  return (
    <main id="main" className="config-error">
      <h1>Signet cannot start</h1>
      <p role="alert">{message}</p>
      <p>Check the server's configuration and reload the page.</p>
    </main>
  )
}
