/**
 * Stand-in for the OpenAI client's workload-identity authentication in main.js (X.509 certificate
 * identities and subject-token exchange, about 25 KB; client.mjs's imports only, see
 * build/cuts/stand-ins.mjs). Redline authenticates with an API key and never passes `workloadIdentity`,
 * `credential` or `x509Transport` (src/llm/chat-model.ts), and client.withOptions() is stood in
 * (build/cuts/method-stand-ins.mjs). What the client runs for every client and request without those options is
 * kept with the same results as openai 7.55; everything else throws, naming what is missing.
 */
import { unreachable } from "./unreachable";

const usedFor = "the OpenAI client's workload identity authentication";

/** The client asks this of its `workloadIdentity` option, which Redline leaves unset. */
export function isX509WorkloadIdentity(identity: unknown): boolean {
	if (identity === undefined || identity === null) return false;
	throw new Error(`workloadIdentity is not included in Redline's bundle (${usedFor})`);
}

/** Called for every client: without a `credential` option the options stay as they are. */
export function normalizeX509CredentialOptions<Options extends { credential?: unknown }>(
	options: Options,
): { credential: undefined; options: Options } {
	if (options.credential !== undefined)
		throw new Error(`The credential option is not included in Redline's bundle (${usedFor})`);
	return { credential: undefined, options };
}

// Only reached with an X.509 identity or a legacy workload identity (prepareX509ClientClone: by
// client.withOptions(), whose body is a throw in main.js; client.mjs still imports the name).
export const X509WorkloadIdentityAuth = unreachable("X509WorkloadIdentityAuth", usedFor);
export const WorkloadIdentityAuth = unreachable("WorkloadIdentityAuth", usedFor);
export const assertX509RequestOptions = unreachable("assertX509RequestOptions", usedFor);
export const snapshotX509RequestOptions = unreachable("snapshotX509RequestOptions", usedFor);
export const prepareX509ClientClone = unreachable("prepareX509ClientClone", "OpenAI's client.withOptions()");
export const isTransientX509ConnectionError = unreachable("isTransientX509ConnectionError", usedFor);
export const markApprovedX509Client = unreachable("markApprovedX509Client", usedFor);
