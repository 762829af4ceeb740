import { config } from 'zod/mini'

// zod compiles object schemas with `new Function` when it can, and finds out whether it can by trying
// once: under Signet's Content Security Policy (script-src 'self', no 'unsafe-eval') that try is
// blocked and reported, on every page load. Jitless mode never tries. zod decides when a schema is
// built, so this module is the first import of every entry (main.tsx), before any schema module.
config({ jitless: true })
