/**
 * What "Check connection" finds, as data: one line per step, each with a verdict, a measured
 * figure and, when it failed, the likely cause and the fix (and, where one setting is the fix, an
 * action a host can offer as a button). Reports hold no API key and no note text: the check sends
 * only the fixed samples of ./samples.ts. A host keeps the last report per model with the
 * settings it was made for (./settings-key.ts) and shows it until they change.
 */
import type { ApplyFormat } from "../settings";
import { redact } from "../log/redact";

export type CheckTarget = "main" | "apply";

export type StepId = "endpoint" | "streaming" | "tools" | "context" | "apply-edit" | "transport";

/** pass: works; warn: works with a caveat; fail: Redline cannot use this; skip: not run. */
export type StepStatus = "pass" | "warn" | "fail" | "skip";

/** One setting that fixes what a step found. */
export type CheckAction =
	| { kind: "set-base-url"; baseUrl: string }
	| { kind: "text-tool-calls" }
	| { kind: "set-context-tokens"; tokens: number }
	| { kind: "use-transport"; transport: TransportKind }
	| { kind: "set-apply-format"; format: ApplyFormat };

/** How requests travel: Node's http (Obsidian desktop), Obsidian's requestUrl, or the runtime's fetch (the sandbox). */
export type TransportKind = "node" | "request-url" | "fetch";

export interface CheckStep {
	id: StepId;
	/** "Endpoint and key", "Streaming"… */
	title: string;
	status: StepStatus;
	/** What was measured or found, in words: "first token after 0.4 s, 52 tokens/s". */
	figure: string;
	/** Why it failed (or the caveat), in words. */
	cause?: string;
	/** What to do about it. */
	fix?: string;
	action?: CheckAction;
}

export interface CheckReport {
	target: CheckTarget;
	/** ISO time the check finished. */
	at: string;
	baseUrl: string;
	model: string;
	transport: TransportKind;
	/** True when no step failed: Redline can work with this model. */
	usable: boolean;
	steps: CheckStep[];
}

export const TRANSPORT_NAMES: Record<TransportKind, string> = {
	node: "Desktop (Node http)",
	"request-url": "Obsidian request",
	fetch: "Node fetch",
};

export const TARGET_NAMES: Record<CheckTarget, string> = { main: "Main model", apply: "Apply model" };

const MARKS: Record<StepStatus, string> = { pass: "ok", warn: "note", fail: "FAIL", skip: "skipped" };

/** The report as plain text, one line per step (the sandbox prints it; a test reads it). */
export function formatReport(report: CheckReport): string {
	const lines = [
		`${TARGET_NAMES[report.target]}: ${report.model} at ${report.baseUrl} — ${report.usable ? "usable" : "not usable"}`,
	];
	for (const step of report.steps) {
		lines.push(`  [${MARKS[step.status]}] ${step.title}: ${step.figure}`);
		if (step.cause) lines.push(`         ${step.cause}`);
		if (step.fix) lines.push(`         Fix: ${step.fix}`);
	}
	// Reports are redacted when built; this also covers one saved before redaction existed.
	return redact(lines.join("\n"));
}

/** The first failed step of a report as one line ("Tool calling: … Fix: …"), or null when it passed. */
export function failureLine(report: CheckReport): string | null {
	const step = report.steps.find((s) => s.status === "fail");
	if (!step) return null;
	return `${TARGET_NAMES[report.target]}, ${step.title.toLowerCase()}: ${step.cause ?? step.figure}${step.fix ? ` ${step.fix}` : ""}`;
}
