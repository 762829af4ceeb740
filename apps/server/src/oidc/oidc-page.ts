/**
 * The provider's own pages (logout, errors, device sign-in): small server-rendered HTML, English, no
 * script (the Content-Security-Policy allows none inline), in Signet's plain style.
 *
 * @example ctx.body = page('Signed out', '<p>You are signed out.</p>')
 */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${pageStyle}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

const pageStyle = [
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}',
  'button{font:inherit;padding:.5rem 1rem;margin:0 .5rem .5rem 0}',
  'label{display:block;font-weight:600;margin-top:1rem}',
  'input{font:inherit;font-size:1.5rem;letter-spacing:.15em;text-transform:uppercase;padding:.4rem .6rem;margin:.25rem 0 1rem;width:12ch;max-width:100%}',
  '.code{font-family:ui-monospace,monospace;font-size:1.75rem;letter-spacing:.15em}',
  '.error{color:#a00;font-weight:600}',
].join('')

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
