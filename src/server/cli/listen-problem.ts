/**
 * The one line a command prints when its server cannot listen, in place of Node's
 * `listen EADDRINUSE: address already in use ...`: which port or address, and how to choose another
 * with that command's own flag (serve and proxy differ), so a new user knows what to do next.
 */

/** How a command's user picks another port, and (optionally) the usual reason the port is taken. */
export interface PortHint {
  /** Completes "stop that server, or …", e.g. "choose another port with --port <n>". */
  another: string;
  /** Shown in parentheses after "already in use", e.g. "an earlier npm start still running?". */
  likely?: string;
}

/** The line for a listen error, or null when the error is not about the port or address (the caller reports it as it is). */
export function listenProblem(error: unknown, { host, port }: { host: string; port: number }, hint: PortHint): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const likely = hint.likely ? ` (${hint.likely})` : '';
  if (code === 'EADDRINUSE') return `port ${port} on ${host} is already in use${likely}: stop that server, or ${hint.another}`;
  if (code === 'EACCES') return `port ${port} needs privileges this user lacks: ${hint.another}`;
  // Also a name that does not resolve (a typo: ENOTFOUND, or EAI_AGAIN where no DNS answers) and an
  // address the kernel cannot bind as given (EINVAL: a link-local fe80:: address without its %interface).
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EINVAL') {
    return `${host} is not an address of this machine: use --host 127.0.0.1 (or 0.0.0.0 for all)`;
  }
  return null;
}
