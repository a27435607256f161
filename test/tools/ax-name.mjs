/**
 * A test-runner command: the role and accessible name Chromium's accessibility tree gives the
 * element a selector finds in the test page's document (over the DevTools protocol), for what
 * JavaScript cannot read, such as an `ElementInternals` role named by a `<label for>`.
 * In a test: `executeServerCommand('ax-name', { selector: '#map' })` → `{ role, name }`, null when
 * no element matches.
 */
export function axNamePlugin() {
  return {
    name: 'ax-name',
    async executeCommand({ command, payload, session }) {
      if (command !== 'ax-name') return undefined;
      const page = session.browser.getPage(session.id);
      const cdp = await page.context().newCDPSession(page);
      try {
        // The test runs in the page's own document (no iframe).
        const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: payload.selector });
        if (!nodeId) return null;
        const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
        const node = nodes[0];
        return { role: node?.role?.value ?? '', name: node?.name?.value ?? '' };
      } finally {
        await cdp.detach();
      }
    },
  };
}
