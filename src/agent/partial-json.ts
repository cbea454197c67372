/**
 * A tolerant parser for the JSON of a tool call that is still streaming. It returns what is
 * certain so far: complete strings, numbers followed by a delimiter, literals, and the objects
 * and arrays that hold them. A string still open is left out, so a value the caller sees never
 * changes later (declareEditIntent's description is announced only once it is whole).
 */

type Parsed = { value: unknown; complete: boolean } | undefined;

class Cursor {
	i = 0;
	constructor(readonly s: string) {}
	skipSpace(): void {
		while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
	}
	atEnd(): boolean {
		return this.i >= this.s.length;
	}
	peek(): string {
		return this.s[this.i];
	}
}

/** The object so far in text (an empty object when there is nothing usable yet). */
export function parsePartialJson(text: string): Record<string, unknown> {
	const cursor = new Cursor(text);
	cursor.skipSpace();
	if (cursor.peek() !== "{") return {};
	try {
		const parsed = parseValue(cursor);
		const value = parsed?.value;
		return value !== null && typeof value === "object" && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: {};
	} catch {
		return {};
	}
}

function parseValue(c: Cursor): Parsed {
	c.skipSpace();
	if (c.atEnd()) return undefined;
	const ch = c.peek();
	if (ch === "{") return parseObject(c);
	if (ch === "[") return parseArray(c);
	if (ch === '"') {
		const s = parseString(c);
		return s === undefined ? undefined : { value: s, complete: true };
	}
	return parseScalar(c);
}

function parseObject(c: Cursor): Parsed {
	const out: Record<string, unknown> = {};
	c.i++; // {
	for (;;) {
		c.skipSpace();
		if (c.atEnd()) return { value: out, complete: false };
		if (c.peek() === "}") {
			c.i++;
			return { value: out, complete: true };
		}
		if (c.peek() === ",") {
			c.i++;
			continue;
		}
		if (c.peek() !== '"') throw new SyntaxError("expected a key");
		const key = parseString(c);
		if (key === undefined) return { value: out, complete: false };
		c.skipSpace();
		if (c.atEnd()) return { value: out, complete: false };
		if (c.peek() !== ":") throw new SyntaxError("expected :");
		c.i++;
		const item = parseValue(c);
		if (item === undefined) return { value: out, complete: false };
		// An unfinished nested object or array still shows its complete parts.
		out[key] = item.value;
		if (!item.complete) return { value: out, complete: false };
	}
}

function parseArray(c: Cursor): Parsed {
	const out: unknown[] = [];
	c.i++; // [
	for (;;) {
		c.skipSpace();
		if (c.atEnd()) return { value: out, complete: false };
		if (c.peek() === "]") {
			c.i++;
			return { value: out, complete: true };
		}
		if (c.peek() === ",") {
			c.i++;
			continue;
		}
		const item = parseValue(c);
		if (item === undefined) return { value: out, complete: false };
		out.push(item.value);
		if (!item.complete) return { value: out, complete: false };
	}
}

/** A complete string (cursor after its closing quote), or undefined when it is still open. */
function parseString(c: Cursor): string | undefined {
	const start = c.i;
	c.i++; // opening quote
	while (c.i < c.s.length) {
		const ch = c.s[c.i];
		if (ch === "\\") {
			c.i += 2;
			continue;
		}
		if (ch === '"') {
			c.i++;
			return JSON.parse(c.s.slice(start, c.i)) as string;
		}
		c.i++;
	}
	return undefined;
}

function parseScalar(c: Cursor): Parsed {
	const match = /^[^,\]}\s]+/.exec(c.s.slice(c.i));
	if (!match) throw new SyntaxError("unexpected character");
	const token = match[0];
	// A token that touches the end of the text may still grow ("12" -> "123", "tr" -> "true").
	if (c.i + token.length >= c.s.length) return undefined;
	c.i += token.length;
	return { value: JSON.parse(token) as unknown, complete: true };
}
