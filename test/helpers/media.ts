/** Helpers for the forced-colors and reduced-motion suites (test/elements/). */
import { waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';

/** Every CSS system colour keyword (CSS Color 4), as the page resolves it in the current mode. */
export const SYSTEM_COLOURS = [
  'Canvas',
  'CanvasText',
  'LinkText',
  'VisitedText',
  'ActiveText',
  'ButtonFace',
  'ButtonText',
  'ButtonBorder',
  'Field',
  'FieldText',
  'Highlight',
  'HighlightText',
  'SelectedItem',
  'SelectedItemText',
  'Mark',
  'MarkText',
  'GrayText',
  'AccentColor',
  'AccentColorText',
] as const;
export type SystemColour = (typeof SYSTEM_COLOURS)[number];

/** Resolves each system colour keyword to the computed `rgb()` value it has right now. */
export function systemColours(): Map<string, SystemColour[]> {
  const probe = document.createElement('span');
  document.body.append(probe);
  const values = new Map<string, SystemColour[]>();
  for (const name of SYSTEM_COLOURS) {
    probe.style.color = '';
    probe.style.color = name;
    const value = getComputedStyle(probe).color;
    values.set(value, [...(values.get(value) ?? []), name]);
  }
  probe.remove();
  return values;
}

/** The system colour keyword(s) a computed colour is, or null when it is none of them. */
export function systemColourOf(value: string, colours = systemColours()): SystemColour[] | null {
  return colours.get(value) ?? null;
}

/** What one system colour keyword computes to now. */
export function resolve(name: SystemColour): string {
  const probe = document.createElement('span');
  probe.style.color = name;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

/** Focuses `target` as keyboard users do, so `:focus-visible` (and the focus ring) applies. */
export async function focusVisibly(target: HTMLElement): Promise<void> {
  // A key press first: Chromium then treats the programmatic focus as keyboard focus.
  await sendKeys({ press: 'Shift' });
  target.focus();
  await waitUntil(() => target.matches(':focus-visible'), 'the target shows keyboard focus', { timeout: 2000 });
}

export const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
export const parts = (el: Element, name: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`)];

/** Waits until an element has loaded (no `pending`) and its shadow root has one of the `ready` selectors. */
export async function settled(el: HTMLElement & { updateComplete: Promise<unknown> }, ready: string[]): Promise<void> {
  await el.updateComplete;
  await waitUntil(
    () => !el.hasAttribute('pending') && ready.some((selector) => el.shadowRoot!.querySelector(selector)),
    `${el.localName} shows ${ready.join(' or ')}`,
    { timeout: 10000 },
  );
  await el.updateComplete;
}

export interface Motion {
  what: string;
  animationName: string;
  animationDuration: string;
  transitionDuration: string;
}

const seconds = (list: string) => Math.max(0, ...list.split(',').map((d) => (d.trim().endsWith('ms') ? parseFloat(d) / 1000 : parseFloat(d) || 0)));

/**
 * Every element (and `::before`/`::after`) in the shadow root that would move: a CSS animation with a
 * duration, or a transition longer than 10 ms. Plus the animations the root actually runs.
 */
export function motionIn(el: Element): { styled: Motion[]; running: number } {
  const root = el.shadowRoot!;
  const styled: Motion[] = [];
  for (const node of [el, ...root.querySelectorAll('*')]) {
    for (const pseudo of [null, '::before', '::after']) {
      const style = getComputedStyle(node, pseudo);
      const animated = style.animationName !== 'none' && seconds(style.animationDuration) > 0.01;
      const transitioned = seconds(style.transitionDuration) > 0.01 && style.transitionProperty !== 'none';
      if (animated || transitioned) {
        styled.push({
          what: `${node.localName}${node.getAttribute('part') ? `[part="${node.getAttribute('part')}"]` : ''}${node.className && typeof node.className === 'string' ? `.${node.className}` : ''}${pseudo ?? ''}`,
          animationName: style.animationName,
          animationDuration: style.animationDuration,
          transitionDuration: style.transitionDuration,
        });
      }
    }
  }
  return { styled, running: root.getAnimations().filter((a) => a.playState === 'running').length };
}
