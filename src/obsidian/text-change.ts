/**
 * The smallest single replacement that turns one text into another (common prefix and suffix
 * kept). Writing only that range into an open editor keeps the user's cursor and selection where
 * they were and makes the agent's edit one tidy undo step.
 */
export interface TextChange {
	from: number;
	to: number;
	text: string;
}

export function minimalChange(before: string, after: string): TextChange | null {
	if (before === after) return null;
	const max = Math.min(before.length, after.length);
	let prefix = 0;
	while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
	// Do not split a surrogate pair.
	if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix--;
	let suffix = 0;
	while (
		suffix < max - prefix &&
		before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
	)
		suffix++;
	if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix--;
	return { from: prefix, to: before.length - suffix, text: after.slice(prefix, after.length - suffix) };
}

function isHighSurrogate(code: number): boolean {
	return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
	return code >= 0xdc00 && code <= 0xdfff;
}
