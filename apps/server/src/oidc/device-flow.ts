import type { Configuration, KoaContextWithOIDC } from 'oidc-provider'
import { escapeHtml, page } from './oidc-page.ts'

/**
 * The device authorization grant (RFC 8628): a command-line tool, a TV or an SSH certificate authority
 * shows a code; its user types it on Signet's page at `/oidc/device` (or opens
 * `/oidc/device?user_code=…`, which fills it in), checks what the application asks, and signs in on
 * Signet's usual sign-in page (the provider hands the confirmed request to an interaction). The pages
 * here are the provider's own: code entry, confirmation and success, server-rendered without script.
 */

type DeviceFlowFeature = NonNullable<NonNullable<Configuration['features']>['deviceFlow']>

/** Eight letters of an alphabet without vowels (no words, nothing easily confused): 20⁸ codes. */
const userCodeMask = '****-****'

/** What each scope shares, in the words of the web app's English catalogue (`oidc.scopes`). */
const scopeDescriptions: Record<string, string> = {
  openid: 'Your account id (chain and address)',
  profile: 'Your address as your user name',
  eth: 'Your address, chain and account type',
  safe: "Your Safe's owners, threshold and version",
  offline_access: 'Stay signed in: the application may renew its access without asking you again',
}

/** The texts of the code-entry page after a failed attempt, by the provider's error. */
const codeErrors: Record<string, string> = {
  NoCodeError: 'Enter the code your device shows.',
  NotFoundError: 'No sign-in request has this code. Check the code on your device and enter it again.',
  ExpiredError: 'This code has expired. Start the sign-in again on your device to get a new code.',
  AlreadyUsedError: 'This code was already used. Start the sign-in again on your device to get a new code.',
  AbortedError: 'The sign-in was cancelled and your device was told so. Start again on your device.',
}

/** The provider's answer when the form does not belong to this browser's session (expired, or no cookie). */
const formExpired = new Set(['could not find device form details', 'xsrf token invalid'])
const formExpiredText =
  "This form has expired, or your browser did not keep Signet's cookie. Enter the code again; if this repeats, allow cookies for this site."

/**
 * oidc-provider's `features.deviceFlow`, with Signet's pages (`appName`: Signet's name as the operator
 * set it).
 *
 * @example features: { deviceFlow: deviceFlowFeature('Signet') }
 */
export function deviceFlowFeature(appName: string): DeviceFlowFeature {
  return {
    enabled: true,
    charset: 'base-20',
    mask: userCodeMask,
    userCodeInputSource: async (ctx, form, out, err) => {
      const xsrf = /<input type="hidden" name="xsrf" value="([^"]*)"\/>/.exec(form)?.[1]
      if (xsrf === undefined) throw new Error('the provider’s device code form has no xsrf input')
      const failure = !err
        ? undefined
        : formExpired.has(String(out?.error_description))
          ? formExpiredText
          : (codeErrors[err.name] ??
            `The sign-in failed (${out?.error}: ${out?.error_description}). Start again on your device.`)
      const code = (err as { userCode?: unknown } | undefined)?.userCode ?? prefilledUserCode(ctx)
      const described = failure ? 'user-code-hint user-code-error' : 'user-code-hint'
      ctx.type = 'html'
      ctx.body = page(
        'Sign in a device',
        `<p>A device or a command-line tool asks you to sign it in with ${escapeHtml(appName)}.</p>
${failure ? `<p class="error" role="alert" id="user-code-error">${escapeHtml(failure)}</p>` : ''}
<form method="post" action="${escapeHtml(ctx.oidc.urlFor('code_verification'))}">
<input type="hidden" name="xsrf" value="${escapeHtml(xsrf)}">
<label for="user-code">Code shown on your device</label>
<input id="user-code" name="user_code" type="text" autocomplete="one-time-code" inputmode="text" autocapitalize="characters" spellcheck="false" maxlength="20" required autofocus aria-describedby="${described}"${failure ? ' aria-invalid="true"' : ''}${typeof code === 'string' ? ` value="${escapeHtml(code)}"` : ''}>
<p id="user-code-hint">Eight letters, such as BCDF-GHJK.</p>
<button type="submit">Continue</button>
</form>`,
      )
    },
    userCodeConfirmSource: async (ctx, form, client, _deviceInfo, userCode) => {
      const name = escapeHtml(client.clientName ?? client.clientId)
      const params = ctx.oidc.entities.DeviceCode?.params as { scope?: unknown } | undefined
      const scopes = String(params?.scope ?? '')
        .split(' ')
        .filter(Boolean)
      ctx.type = 'html'
      ctx.body = page(
        `Sign in to ${client.clientName ?? client.clientId}?`,
        `<p>Check that your device shows this code:</p>
<p class="code">${escapeHtml(userCode)}</p>
<h2>${name} asks for</h2>
<ul>${scopes.map((scope) => `<li>${escapeHtml(scopeDescriptions[scope] ?? scope)}</li>`).join('')}</ul>
<p>Continue only if you started this sign-in yourself, on a device you trust. Otherwise cancel: the device gets nothing.</p>
${form}
<button type="submit" form="op.deviceConfirmForm" autofocus>Continue</button>
<button type="submit" form="op.deviceConfirmForm" name="abort" value="yes">Cancel</button>`,
      )
    },
    successSource: async (ctx) => {
      const client = ctx.oidc.client
      const name = client?.clientName ?? client?.clientId ?? 'the application'
      ctx.type = 'html'
      ctx.body = page(
        'Signed in',
        `<p role="status">You are signed in to ${escapeHtml(name)}. You can close this page and return to your device.</p>`,
      )
    },
  }
}

/**
 * Koa middleware in front of the provider, for the device pages:
 * - `verification_uri_complete` (`GET /device?user_code=…`) shows the code-entry page with the code
 *   filled in, instead of the provider's self-submitting form (a script the Content-Security-Policy
 *   would have to allow). The user still presses Continue, then compares the code on the confirmation.
 * - A code posted by a browser without the provider's session cookie (blocked cookies): the provider
 *   renders the code page again, then fails to save the session it made for it (it may only save one it
 *   loaded) and would answer 500 — the page it rendered is kept instead.
 */
export async function devicePagesMiddleware(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  const code = ctx.query.user_code
  if (ctx.method === 'GET' && ctx.path === '/device' && typeof code === 'string') {
    ctx.state.prefilledUserCode = code.slice(0, 20)
    const { user_code: _filled, ...others } = ctx.query
    ctx.query = others
  }
  try {
    await next()
  } catch (error) {
    const unsavedSession =
      error instanceof TypeError &&
      error.message.startsWith('persist can only be called on previously persisted')
    if (!(unsavedSession && ctx.path === '/device' && typeof ctx.body === 'string')) throw error
  }
}

function prefilledUserCode(ctx: KoaContextWithOIDC): string | undefined {
  const code = (ctx.state as { prefilledUserCode?: unknown }).prefilledUserCode
  return typeof code === 'string' ? code : undefined
}
