/**
 * One of our writes into a Trusted Types sink (`innerHTML`, a script's text). Most pages enforce no
 * Trusted Types, so the first write is plain. Once the page refuses one, every later write goes
 * through a policy of our own, with no plain try first again: each refusal is a violation the page
 * may report. Where the page's `trusted-types` list leaves our policy out, writes stop, said once.
 */

/** The rule of our policy: `createHTML` or `createScript`, passing only what its sink may take. */
export type SinkRule = { createHTML: (text: string) => string } | { createScript: (text: string) => string };

/** What Trusted Types offers where a page enforces them (`require-trusted-types-for 'script'`). */
interface PolicyFactory {
  createPolicy(name: string, rule: SinkRule): Record<string, (text: string) => unknown>;
}

/**
 * A writer for one sink: `write(assign, text)` calls `assign` with `text`, or with the policy's value
 * for it once the page enforces Trusted Types, and says false when the page refuses our `policy`
 * (the console says so once, naming what the page loses: `lost`).
 */
export function trustedSink(policy: string, rule: SinkRule, lost: string): (assign: (value: string) => void, text: string) => boolean {
  /** Our policy once a plain write was refused; null when the page refused the policy too. */
  let trusted: Record<string, (text: string) => unknown> | null | undefined;
  const [method] = Object.keys(rule) as [string];
  return (assign, text) => {
    if (trusted === undefined) {
      try {
        assign(text);
        return true;
      } catch (refused) {
        trusted = null;
        try {
          trusted = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes!.createPolicy(policy, rule);
        } catch {
          console.warn(`ticketing-widgets: the page's trusted-types list leaves out '${policy}', so ${lost}.`, refused);
        }
      }
    }
    if (!trusted) return false;
    assign(trusted[method]!(text) as string);
    return true;
  };
}
