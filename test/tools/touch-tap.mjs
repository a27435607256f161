/**
 * A test-runner command: a real touch tap (touch start and end at one point, over the DevTools
 * protocol), for what a synthetic event cannot show: which pointer and focus events Chromium fires
 * for a finger, and whether the focus it leaves matches `:focus-visible`. @web/test-runner-commands
 * has a mouse and keys, but no touch. In a test: `executeServerCommand('touch-tap', { position: [x, y] })`
 * with viewport coordinates.
 */
export function touchTapPlugin() {
  return {
    name: 'touch-tap',
    async executeCommand({ command, payload, session }) {
      if (command !== 'touch-tap') return undefined;
      const page = session.browser.getPage(session.id);
      const cdp = await page.context().newCDPSession(page);
      try {
        const [x, y] = payload.position;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        return true;
      } finally {
        await cdp.detach();
      }
    },
  };
}
