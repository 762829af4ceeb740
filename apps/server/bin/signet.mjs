#!/usr/bin/env node
// The `signet` command: `npx signet serve | dev | parse | verify | keys` (see apps/server/src/cli/main.ts).
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli/main.ts')
process.exitCode = await main(process.argv.slice(2))
