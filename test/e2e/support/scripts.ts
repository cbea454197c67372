/**
 * Building blocks for the end-to-end model scripts. One scripted server plays two models: the
 * main model (its requests offer `tools`) and the apply model (its requests never do), each with
 * its own sequence of replies. A gate lets a test hold a reply until it has looked at the page.
 */
import {
	applyModelReply,
	offersTools,
	scripted,
	type ModelScript,
	type RecordedRequest,
	type ScriptStep,
} from "../../../src/sandbox/model-server";

/** Main-model requests offer tools (natively, or in the system prompt of a text-tool model); apply-model requests never do. */
export function isMainRequest(request: RecordedRequest): boolean {
	return offersTools(request);
}

/** Answers main-model requests with `main` in order and apply-model requests with `apply`. */
export function mainAndApply(main: ScriptStep[], apply: ScriptStep[] = []): ModelScript {
	const mainScript = scripted(...main);
	const applyScript = scripted(...apply);
	return (request, context) => (isMainRequest(request) ? mainScript(request, context) : applyScript(request, context));
}

export function mainRequests(requests: readonly RecordedRequest[]): RecordedRequest[] {
	return requests.filter(isMainRequest);
}

export function applyRequests(requests: readonly RecordedRequest[]): RecordedRequest[] {
	return requests.filter((request) => !isMainRequest(request));
}

/** An apply-model reply: the note it was sent, transformed (as edit blocks when the request asks for them). */
export function applyWith(
	transform: (note: string, request: RecordedRequest) => string,
	hold?: Promise<unknown>,
): ScriptStep {
	return async (request) => {
		if (hold) await hold;
		return applyModelReply(request, (note) => transform(note, request));
	};
}

export interface Gate {
	promise: Promise<void>;
	open(): void;
}

/** A promise the test resolves when it is ready for the scripted reply to go out. */
export function gate(): Gate {
	let open!: () => void;
	const promise = new Promise<void>((resolve) => {
		open = resolve;
	});
	return { promise, open };
}
