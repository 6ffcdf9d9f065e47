import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA rules (the issue's bar), as "rule: element, element" lines; empty when clean. */
export async function violacoesAxe(page: Page): Promise<string[]> {
  // Colours are measured as they settle: a modal or toast fading in, or a button's hover transition, would otherwise
  // be read half-way (white text on a half-transparent background). Endless animations (loaders) are not waited for.
  // Two frames first: Mantine starts a transition one animation frame after it mounts the element.
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 5_000 },
  );
  // Legacy mode: one axe.run in the page (same-origin frames included). The default runs each frame apart and merges
  // the results in a new blank page every time, which made each check about 3x slower; the panel has no cross-origin
  // frames, the only thing the legacy mode leaves out.
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join(' | ')}`,
  );
}

/** Runs axe and adds its violations to `achados`, named by screen or state (the test then expects `achados` empty). */
export async function semViolacoes(page: Page, onde: string, achados: string[]) {
  for (const v of await violacoesAxe(page)) achados.push(`${onde}: ${v}`);
}
