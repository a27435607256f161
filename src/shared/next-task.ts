/**
 * A promise settled in a later task, after every microtask queued now: answers that settle together
 * (several reads the cache already holds) are all in by then. A message, not `setTimeout`, because
 * timers in a hidden tab wait up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
