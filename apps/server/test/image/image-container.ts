import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

// Runs Signet's container image without a container engine: `buildah from` makes a working container
// of the image, `buildah run --isolation chroot` starts a command in its filesystem with the host's
// network, as the image's user and with its environment and working directory. That is what the
// tests can have here (podman cannot start containers on this machine); the process, its user, its
// files and its signals are the image's.

/** podman and buildah share the image store; vfs works everywhere (no overlay mounts needed). */
const storage = ['--storage-driver', 'vfs']

/** What the image says about how it runs (its Docker-format configuration, `buildah inspect`). */
export type ImageConfig = {
  user: string
  entrypoint: string[]
  cmd: string[]
  /** `NAME=value` entries. */
  env: string[]
  workingDir: string
  /** The HEALTHCHECK's test, e.g. `["CMD", "node", "…"]`. */
  healthcheck: string[]
  exposedPorts: string[]
  volumes: string[]
  labels: Record<string, string>
  /** Bytes, uncompressed (`podman image inspect`). */
  size: number
}

export function inspectImage(image: string): ImageConfig {
  const inspected = JSON.parse(
    execFileSync('buildah', [...storage, 'inspect', '--type', 'image', image], { encoding: 'utf8' }),
  ) as {
    Docker: {
      config: {
        User?: string
        Entrypoint?: string[] | null
        Cmd?: string[] | null
        Env?: string[] | null
        WorkingDir?: string
        Healthcheck?: { Test?: string[] }
        ExposedPorts?: Record<string, unknown> | null
        Volumes?: Record<string, unknown> | null
        Labels?: Record<string, string> | null
      }
    }
  }
  const config = inspected.Docker.config
  const size = execFileSync('podman', [...storage, 'image', 'inspect', '--format', '{{.Size}}', image], {
    encoding: 'utf8',
  })
  return {
    user: config.User ?? '',
    entrypoint: config.Entrypoint ?? [],
    cmd: config.Cmd ?? [],
    env: config.Env ?? [],
    workingDir: config.WorkingDir ?? '',
    healthcheck: config.Healthcheck?.Test ?? [],
    exposedPorts: Object.keys(config.ExposedPorts ?? {}).sort(),
    volumes: Object.keys(config.Volumes ?? {}).sort(),
    labels: config.Labels ?? {},
    size: Number(size.trim()),
  }
}

export type WorkingContainer = {
  name: string
  /** The container's root filesystem on the host (`buildah mount`). */
  rootfs: string
  /** Starts `command` in the container as the image would run it; `env` adds to the image's. */
  run(command: string[], options: { user: string; env?: Record<string, string> }): ContainerProcess
  remove(): void
}

export type ContainerProcess = {
  /** The `buildah run` process; its exit code is the command's. */
  child: ChildProcess
  /** What the command printed so far (stdout and stderr). */
  output(): string
  /** Resolves with the command's exit code once it has exited. */
  exited: Promise<number | null>
  /** The process running the command itself (buildah's chroot helper is its parent), while it runs. */
  commandProcess(): HostProcess | undefined
}

/** A working container of `image` (a copy of its filesystem), to run commands in. */
export function createWorkingContainer(image: string, config: ImageConfig): WorkingContainer {
  const name = execFileSync('buildah', [...storage, 'from', '--pull=never', image], {
    encoding: 'utf8',
  }).trim()
  const rootfs = execFileSync('buildah', [...storage, 'mount', name], { encoding: 'utf8' }).trim()
  return {
    name,
    rootfs,
    run(command, { user, env = {} }) {
      const environment = [...config.env, ...Object.entries(env).map(([key, value]) => `${key}=${value}`)]
      const child = spawn(
        'buildah',
        [
          ...storage,
          'run',
          '--isolation',
          'chroot',
          '--network',
          'host',
          '--user',
          user,
          '--workingdir',
          config.workingDir,
          ...environment.flatMap((entry) => ['--env', entry]),
          name,
          '--',
          ...command,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let output = ''
      child.stdout?.on('data', (chunk) => (output += chunk))
      child.stderr?.on('data', (chunk) => (output += chunk))
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      return {
        child,
        output: () => output,
        exited,
        commandProcess: () =>
          descendantsOf(child.pid as number).find((process) => runsCommand(process, command)),
      }
    },
    remove() {
      execFileSync('buildah', [...storage, 'rm', name], { stdio: 'ignore' })
    },
  }
}

/** A process as the kernel sees it, from /proc. */
export type HostProcess = {
  pid: number
  parentPid: number
  /** Real, effective, saved and filesystem uid. */
  uids: number[]
  command: string[]
  /** The process's root directory (`/` on the host; a container's filesystem, mounted somewhere, in one). */
  root: string
}

export function readHostProcess(pid: number): HostProcess | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1] ?? ''
    return {
      pid,
      parentPid: Number(field('PPid')),
      uids: field('Uid').split(/\s+/).map(Number),
      command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1),
      root: readlinkSync(`/proc/${pid}/root`),
    }
  } catch {
    return undefined // it exited meanwhile
  }
}

/** The processes started, directly or not, by `ancestor`. */
export function descendantsOf(ancestor: number): HostProcess[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readHostProcess(Number(entry)))
    .filter((process): process is HostProcess => process !== undefined)
  const found: HostProcess[] = []
  const parents = new Set([ancestor])
  for (let grew = true; grew; ) {
    grew = false
    for (const process of all) {
      if (parents.has(process.parentPid) && !parents.has(process.pid)) {
        parents.add(process.pid)
        found.push(process)
        grew = true
      }
    }
  }
  return found
}

/**
 * Whether `process` runs `command`: the same arguments, its program the command's (buildah's chroot
 * helper execs the program by its resolved path, `/usr/local/bin/node` for `node`).
 */
export function runsCommand(process: HostProcess, command: string[]): boolean {
  const [program, ...args] = process.command
  return (
    program !== undefined &&
    (program === command[0] || program.endsWith(`/${command[0]}`)) &&
    args.join('\0') === command.slice(1).join('\0')
  )
}
