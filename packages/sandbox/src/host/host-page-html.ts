/**
 * The host's pages, one script: `app` is a sidebar for the person (Safe, requests, owners' buttons)
 * beside the Safe App's frame; `transaction` is one Safe transaction's page (Safe{Wallet}'s
 * `/transactions/tx`), with its status and the owners' buttons; `walletconnect` is Safe{Wallet}'s
 * WalletConnect feature (pair a dApp, its signing dialogs).
 */
export function hostPageHtml(page: 'app' | 'transaction' | 'walletconnect' = 'app'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Safe{Wallet} sandbox</title>
<style>
  :root { color-scheme: light; font-family: system-ui, sans-serif; font-size: 14px; }
  body { margin: 0; display: flex; height: 100vh; background: #f4f4f4; color: #121312; }
  #sidebar { width: 380px; flex: none; overflow-y: auto; padding: 12px 16px; background: #fff; border-right: 1px solid #ddd; }
  #sidebar h1 { font-size: 18px; margin: 4px 0 12px; }
  #sidebar h2 { font-size: 14px; margin: 16px 0 6px; text-transform: uppercase; letter-spacing: .04em; color: #555; }
  #sidebar h3 { font-size: 14px; margin: 0 0 6px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 8px; margin: 8px 0; }
  dt { color: #666; } dd { margin: 0; overflow-wrap: anywhere; } dd ol { margin: 0; padding-left: 18px; }
  fieldset { border: 1px solid #ddd; border-radius: 6px; margin: 8px 0; } fieldset label { display: block; }
  .card { border: 1px solid #cfd8e3; border-radius: 8px; padding: 8px 10px; margin: 8px 0; background: #f8fbff; }
  .card pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #eee; padding: 6px; max-height: 180px; overflow: auto; font-size: 12px; }
  .hash { font-family: ui-monospace, monospace; font-size: 11px; overflow-wrap: anywhere; color: #444; }
  button { margin: 2px 4px 2px 0; padding: 4px 10px; border-radius: 6px; border: 1px solid #12ff80; background: #12ff80; cursor: pointer; }
  button[disabled] { opacity: .5; cursor: default; }
  .muted { color: #777; } .error { color: #b00020; overflow-wrap: anywhere; }
  .log { font-family: ui-monospace, monospace; font-size: 11px; padding-left: 18px; max-height: 220px; overflow-y: auto; }
  main { flex: 1; display: flex; }
  iframe { flex: 1; border: 0; background: #fff; }
  #transaction-page { display: block; max-width: 720px; margin: 0 auto; padding: 12px 24px; background: #fff; overflow-y: auto; }
  #transaction-page h1 { font-size: 18px; }
  #walletconnect-page { display: block; max-width: 760px; margin: 0 auto; padding: 12px 24px; background: #fff; overflow-y: auto; }
  #walletconnect-page h1 { font-size: 18px; } #walletconnect-page input[type=text] { width: 100%; box-sizing: border-box; }
</style>
</head>
<body>
${
  page === 'app'
    ? `<aside id="sidebar"><p>Loading…</p></aside>
<main><iframe id="safe-app" title="Safe App" allow="clipboard-write"></iframe></main>`
    : page === 'walletconnect'
      ? '<main id="walletconnect-page"><p>Loading…</p></main>'
      : '<main id="transaction-page"><p>Loading…</p></main>'
}
<script src="/host.js" defer></script>
</body>
</html>`
}
