/**
 * "Check connection" for one model: the steps in order, each a line of the report. The endpoint
 * goes first; when it gets no answer the model steps are not run (they would only fail the same
 * way), and the transport step says whether another transport would get through.
 */
import { DEFAULT_SETTINGS, type ApplyFormat, type ModelEndpoint } from "../settings";
import { checkApply } from "./apply-step";
import { checkContext } from "./context-step";
import { checkEndpoint } from "./endpoint-step";
import type { Transport } from "./http";
import type { CheckReport, CheckStep, CheckTarget, StepId, TransportKind } from "./report";
import { checkStreaming } from "./streaming-step";
import { checkTools } from "./tools-step";
import { checkTransport } from "./transport-step";
import { redactDeep } from "../log/redact";

export interface CheckTransportChoice {
	kind: TransportKind;
	fetch: typeof fetch;
}

export interface CheckInput {
	target: CheckTarget;
	/** The endpoint as the agent would use it (for the apply model: resolved from the main one). */
	endpoint: ModelEndpoint;
	apiKey: string | undefined;
	/** The apply model's: how a modify asks it for the change (default: the settings' default). */
	applyFormat?: ApplyFormat;
	transport: CheckTransportChoice;
	/** The platform's other transport, tried when the first cannot reach the server. */
	alternative?: CheckTransportChoice;
	signal?: AbortSignal;
	/** Per request (default 90 s: a local server may load the model first). */
	timeoutMs?: number;
	now?: () => number;
	/** The check's finishing time, for the report (default: new Date()). */
	clock?: () => Date;
}

const DEFAULT_TIMEOUT_MS = 90_000;

const SKIPPED: Record<StepId, string> = {
	endpoint: "Endpoint and key",
	streaming: "Streaming",
	tools: "Tool calling",
	context: "Context window",
	"apply-edit": "Apply",
	transport: "Transport",
};

export async function checkConnection(input: CheckInput): Promise<CheckReport> {
	const now = input.now ?? (() => performance.now());
	const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	const transportOf = (choice: CheckTransportChoice): Transport => ({
		fetch: choice.fetch,
		now,
		timeoutMs,
		...(input.signal ? { signal: input.signal } : {}),
	});
	const transport = transportOf(input.transport);
	const { endpoint, apiKey } = input;
	const steps: CheckStep[] = [];

	const reached = await checkEndpoint(transport, {
		baseUrl: endpoint.baseUrl,
		model: endpoint.model,
		apiKey,
		transportKind: input.transport.kind,
	});
	steps.push(reached.step);
	const modelSteps: StepId[] =
		input.target === "main" ? ["streaming", "tools", "context"] : ["streaming", "context", "apply-edit"];
	if (reached.answered) {
		steps.push((await checkStreaming(transport, endpoint, apiKey, input.transport.kind)).step);
		if (input.target === "main") steps.push(await checkTools(transport, endpoint, apiKey));
		const stated = reached.models?.find((m) => m.id === endpoint.model)?.contextLength;
		steps.push(await checkContext(transport, endpoint, apiKey, stated));
		if (input.target === "apply")
			steps.push(await checkApply(transport, endpoint, apiKey, input.applyFormat ?? DEFAULT_SETTINGS.applyFormat));
	} else {
		for (const id of modelSteps)
			steps.push({ id, title: SKIPPED[id], status: "skip", figure: "not run: the endpoint gave no usable answer" });
	}
	steps.push(
		await checkTransport({
			kind: input.transport.kind,
			...(reached.unreached ? { unreached: reached.unreached } : {}),
			...(input.alternative
				? { alternative: { kind: input.alternative.kind, transport: transportOf(input.alternative) } }
				: {}),
			baseUrl: endpoint.baseUrl,
			model: endpoint.model,
			apiKey,
		}),
	);
	// The only way a report is built: every word of it through the redaction, with this check's key
	// known to it, so a 401 that quoted the key is never shown, printed or saved (data.json's checks).
	return redactDeep<CheckReport>(
		{
			target: input.target,
			at: (input.clock?.() ?? new Date()).toISOString(),
			baseUrl: endpoint.baseUrl,
			model: endpoint.model,
			transport: input.transport.kind,
			usable: steps.every((s) => s.status !== "fail"),
			steps,
		},
		[apiKey],
	);
}
