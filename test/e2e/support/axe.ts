/**
 * axe-core in the page under test: the pinned node_modules/axe-core/axe.min.js is evaluated in the
 * page (no network, the exact version the lockfile holds) and run on the whole document. Evaluated
 * through the DevTools protocol, not added as a <script>: the page's CSP allows no inline script.
 */
import type { Page } from "playwright-core";
import * as path from "../../../src/node/path";
import { REPO_ROOT } from "../../../src/sandbox/build-page";
import { readFile } from "../../../src/node/fs";

export interface AxeViolation {
	id: string;
	impact: string | null;
	help: string;
	nodes: Array<{ target: string[]; failureSummary?: string }>;
}

const AXE_PATH = path.join(REPO_ROOT, "node_modules", "axe-core", "axe.min.js");

export interface AxeResults {
	violations: AxeViolation[];
	/** Checks axe could not decide (e.g. text clipped by a scroller), by rule. */
	incomplete: AxeViolation[];
	/** Of `contrastOf`, the selectors with at least one element whose contrast axe measured and passed. */
	contrastPassed: string[];
}

export interface AxeScope {
	/** Only this part of the page (a selector), as support/pane-check.ts looks at the pane; the page-level rules then rest. */
	within?: string;
}

/**
 * Runs every axe rule on the page, or on the part `within` names (injecting axe once per page
 * load). axe judges colours only where it can see them: give the page a viewport tall enough that
 * nothing in the pane is scrolled out of view or skipped by content-visibility (support/showcase.ts does).
 */
export async function runAxe(
	page: Page,
	contrastOf: readonly string[] = [],
	{ within }: AxeScope = {},
): Promise<AxeResults> {
	const loaded = await page.evaluate(() => "axe" in window);
	if (!loaded) await page.evaluate(await readFile(AXE_PATH, "utf8"));
	return page.evaluate(
		async ({ selectors, within }) => {
			type Result = { id: string; nodes: Array<{ target: string[] }> };
			const axe = (
				window as unknown as {
					axe: {
						run: (
							context: Document | { include: string[][] },
							options: object,
						) => Promise<{ violations: AxeViolation[]; incomplete: AxeViolation[]; passes: Result[] }>;
					};
				}
			).axe;
			const result = await axe.run(within ? { include: [[within]] } : document, {});
			const plain = (list: AxeViolation[]) =>
				list.map((v) => ({
					id: v.id,
					impact: v.impact,
					help: v.help,
					nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
				}));
			const passed = (result.passes.find((r) => r.id === "color-contrast")?.nodes ?? []).map((n) =>
				document.querySelector(n.target.join(" ")),
			);
			const contrastPassed = selectors.filter((selector) => passed.some((el) => el?.matches(selector)));
			return { violations: plain(result.violations), incomplete: plain(result.incomplete), contrastPassed };
		},
		{ selectors: contrastOf, within },
	);
}

/** One line per violation and node, for a failure message that says what to fix. */
export function describeViolations(violations: readonly AxeViolation[]): string {
	return violations
		.flatMap((v) =>
			v.nodes.map(
				(n) =>
					`${v.id} (${v.impact ?? "?"}): ${n.target.join(" ")}: ${(n.failureSummary ?? v.help).replace(/\s+/g, " ")}`,
			),
		)
		.join("\n");
}
