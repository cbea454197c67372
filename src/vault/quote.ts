/**
 * A model-given string (a path, an id, a query) quoted in a message, shortened when long. Such a
 * message goes to the log, the pane and back to the model in the next request: quoting a 40 MB
 * "path" whole once made a 126 MB request. The start and the end are kept, which is where a path
 * differs, with the length in between.
 */
export const QUOTE_MAX_CHARS = 160;

export function quoted(value: string, max = QUOTE_MAX_CHARS): string {
	if (value.length <= max) return JSON.stringify(value);
	const head = value.slice(0, Math.ceil(max * 0.6));
	const tail = value.slice(-Math.floor(max * 0.3));
	return `${JSON.stringify(head)}…${JSON.stringify(tail)} (${value.length.toLocaleString("en-US")} characters)`;
}

/** The same cut without the quotes, for a message that names the value bare. */
export function shortened(value: string, max = QUOTE_MAX_CHARS): string {
	if (value.length <= max) return value;
	return `${value.slice(0, Math.ceil(max * 0.6))}…${value.slice(-Math.floor(max * 0.3))} (${value.length.toLocaleString("en-US")} characters)`;
}
