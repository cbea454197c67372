/**
 * Step 6: the transport the requests used and, when they never got an answer (a network error,
 * an origin refusal), whether the other transport of this platform gets one: then switching is
 * the fix. Obsidian desktop has two (Node http, which misses the system's proxy and certificates
 * but sends no origin; Obsidian request, which uses them); mobile and the sandbox have one.
 */
import { ping, seconds, type Transport } from "./http";
import { TRANSPORT_NAMES, type CheckStep, type TransportKind } from "./report";

export interface TransportInput {
	kind: TransportKind;
	/** Why step 1 got no answer, if it did not. */
	unreached?: "network" | "origin";
	alternative?: { kind: TransportKind; transport: Transport };
	baseUrl: string;
	model: string;
	apiKey: string | undefined;
}

const TITLE = "Transport";

export async function checkTransport(input: TransportInput): Promise<CheckStep> {
	const name = TRANSPORT_NAMES[input.kind];
	const streams = input.kind === "request-url" ? "replies arrive whole" : "replies stream";
	if (!input.unreached) return { id: "transport", title: TITLE, status: "pass", figure: `${name} (${streams})` };
	const what =
		input.unreached === "network" ? "could not reach the server" : "was refused by the server's origin check";
	const alternative = input.alternative;
	if (!alternative)
		return {
			id: "transport",
			title: TITLE,
			status: "fail",
			figure: `${name} ${what}`,
			cause: "There is no other transport to try here.",
			fix: "See the endpoint step.",
		};
	const other = TRANSPORT_NAMES[alternative.kind];
	const answer = await ping(alternative.transport, input.baseUrl, input.model, input.apiKey);
	const reached = answer.ok && !(answer.status === 403 && answer.text.trim() === "");
	if (!reached) {
		return {
			id: "transport",
			title: TITLE,
			status: "fail",
			figure: `${name} ${what}; ${other} did not get through either`,
			cause: answer.ok ? `${other} got ${answer.status}.` : `${other}: ${answer.message}.`,
			fix: "Check that the server is running and reachable from this device.",
		};
	}
	return {
		id: "transport",
		title: TITLE,
		status: "fail",
		figure: `${name} ${what}; ${other} got an answer (${answer.status} in ${seconds(answer.ms)})`,
		cause:
			input.unreached === "network"
				? `${name} connects without the system's proxy and certificates; ${other} uses them.`
				: `${other} sends no origin, so the server's origin check lets it through.`,
		fix: `Set Transport (Redline settings, Connection) to ${other}, then check again.`,
		action: { kind: "use-transport", transport: alternative.kind },
	};
}
