/**
 * Paths as a person sees them. A name can hold characters that do not show, or that look like
 * others: `Garden shed\u200B.md` reads exactly like `Garden shed.md`, a no-break space like a
 * space, `Projects∕Plan.md` (U+2215) like a note in a folder. Wherever a path is shown (cards,
 * steps, errors), such a character is shown as an escape (`\u200B`), so two different names never
 * read the same. A valid vault path never holds a backslash (paths.ts refuses it), so the escape
 * cannot be mistaken for the name's own text; in an invalid one the backslash itself is escaped.
 *
 * normalizeVaultPath refuses the invisible ones outright (`refusedCharacter`); the ones it allows
 * (a no-break space, a slash or dot look-alike, a decomposed accent) are only shown escaped.
 */

/**
 * Refused in any vault path: control characters (C0, DEL, C1), format characters (zero-width
 * spaces and joiners, bidi overrides and isolates, the BOM, soft hyphen, tags), the line and
 * paragraph separators, and the other default-ignorable characters (Hangul fillers, ...). Not
 * variation selectors: "❤️ Favorites.md" holds one, and alone they change no name's reading.
 */
const REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|(?!\p{Variation_Selector})\p{Default_Ignorable_Code_Point}/u;

// Each tests one character (a code point), so none needs anchors.
/** Shown escaped: everything refused, spaces other than " ", lone surrogates, and look-alikes of "/" and ".". */
const SHOWN_ESCAPED =
	/[\p{Cc}\p{Cf}\p{Cs}\p{Zs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2044\u2215\u2571\u29F8\uFF0F\u2024\uFE52\uFF0E]/u;
const VARIATION_SELECTOR = /\p{Variation_Selector}/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const MARK = /\p{M}/u;
/** Nothing but printable ASCII and the space: nothing to escape. */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

export interface RefusedCharacter {
	/** "U+200B" */
	code: string;
	/** "a control character", "an invisible character", "an invisible line break" */
	kind: string;
}

/** The first character a vault path may not hold, or undefined. */
export function refusedCharacter(path: string): RefusedCharacter | undefined {
	const found = REFUSED.exec(path)?.[0];
	if (found === undefined) return undefined;
	const kind = /\p{Cc}/u.test(found)
		? "a control character"
		: /[\p{Zl}\p{Zp}]/u.test(found)
			? "an invisible line break"
			: "an invisible character";
	return { code: `U+${hex(found)}`, kind };
}

/** A path for a person: invisible and confusable characters (and a backslash) escaped. */
export function displayPath(path: string): string {
	return escapeLookalikes(path.replace(/\\/g, "\\\\"));
}

/**
 * A note's name as a person knows it (Obsidian's file list, a [[link]]): the last segment without
 * ".md", shown as displayPath shows it. "Daily/2026-11-28.md" is "2026-11-28"; other files keep
 * their extension ("Files/scan.pdf" is "scan.pdf").
 */
export function displayName(path: string): string {
	const shown = displayPath(path);
	const name = shown.slice(shown.lastIndexOf("/") + 1);
	return /.\.md$/i.test(name) ? name.slice(0, -3) : name;
}

/**
 * Text with every invisible or confusable character written as `\uXXXX` (`\u{XXXXX}` past the
 * BMP). A space is a space; a variation selector right after an emoji is the emoji's own; an
 * accent is escaped only in a segment that is not composed (NFC), where "cafe\u0301.md" and
 * "café.md" are two different files that look the same.
 */
export function escapeLookalikes(text: string): string {
	// Most paths are printable ASCII, none of which is escaped: shown as they are, without the
	// Unicode property tests (whose first use compiles large tables, on the pane's first render).
	if (PRINTABLE_ASCII.test(text)) return text;
	return text
		.split("/")
		.map((segment) => {
			const decomposed = segment !== segment.normalize("NFC");
			let out = "";
			let previous: string | undefined;
			for (const char of segment) {
				out += shownEscaped(char, previous, decomposed) ? escape(char) : char;
				previous = char;
			}
			return out;
		})
		.join("/");
}

function shownEscaped(char: string, previous: string | undefined, decomposed: boolean): boolean {
	if (char === " ") return false;
	// Stryker disable next-line StringLiteral: with no character before it, any text that is not an emoji ("" or another) gives the same answer
	if (VARIATION_SELECTOR.test(char)) return !PICTOGRAPH.test(previous ?? "");
	if (decomposed && MARK.test(char)) return true;
	return SHOWN_ESCAPED.test(char);
}

function escape(char: string): string {
	const code = hex(char);
	return code.length > 4 ? `\\u{${code}}` : `\\u${code}`;
}

function hex(char: string): string {
	return (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
}
