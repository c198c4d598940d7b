import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core as the browser runs it (evaluated, since the portal's CSP refuses inline scripts). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; summary: string }[];
}

/**
 * The serious and critical axe violations of the page (or of the part `include` selects, less what
 * `exclude` selects), with axe's experimental rules on too (label-content-name-mismatch is one of
 * them), as the issue 9 audit ran it. No rule that can report serious or critical is off and no
 * element is excepted: Fluent's focus catchers are fixed in the portal
 * (shell/src/layout/tabster-catchers.ts), not here.
 */
export async function seriousAxeViolations(page: Page, include?: string, exclude: string[] = []): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ selector, exclude }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const experimental = axe.getRules(['experimental']).map((rule) => rule.ruleId);
      // A rule reports the impact it is declared with (axe's finalizeRuleResult), so the moderate
      // and minor ones can never yield what is asked here: not run, they cost nothing.
      const audit = (axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit;
      const milder = audit.rules.filter((rule) => rule.impact === 'moderate' || rule.impact === 'minor').map((rule) => rule.id);
      const context = selector || exclude.length > 0 ? { ...(selector ? { include: [selector] } : {}), ...(exclude.length > 0 ? { exclude } : {}) } : document;
      const result = await axe.run(context as import('axe-core').ElementContext, {
        rules: Object.fromEntries([...experimental.map((id) => [id, { enabled: true }]), ...milder.map((id) => [id, { enabled: false }])]),
        resultTypes: ['violations'],
      });
      return result.violations
        .filter((violation) => violation.nodes.length > 0)
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? null,
          help: violation.help,
          nodes: violation.nodes.map((node) => ({ target: node.target.map(String), html: node.html.slice(0, 300), summary: node.failureSummary ?? '' })),
        }));
    },
    { selector: include ?? null, exclude },
  );
}

/** One line per rule (rule, impact, how many elements, its help) and its first elements. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `  ${node.target.join(' ')}  ${node.html}`)
        .join('\n'),
  );
}

/** Fails with the list of serious and critical axe violations (rule, impact, elements) when there is any. */
export async function expectNoSeriousAxeViolations(page: Page, include?: string): Promise<void> {
  expect(describeViolations(await seriousAxeViolations(page, include))).toEqual([]);
}
