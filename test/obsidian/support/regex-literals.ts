/**
 * The regular expressions a script would compile: every regex literal, and every string literal
 * given to RegExp() or new RegExp(), found with TypeScript's parser (not by searching the text,
 * where a pattern inside a string or a comment looks the same).
 */
import ts from "typescript";

export interface FoundRegex {
	pattern: string;
	/** Some source text around it, to find it in the file. */
	context: string;
}

export function regexesIn(code: string): FoundRegex[] {
	const file = ts.createSourceFile("main.js", code, ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS);
	const found: FoundRegex[] = [];
	const around = (node: ts.Node): string => code.slice(Math.max(0, node.getStart(file) - 60), node.getEnd() + 20);
	const visit = (node: ts.Node): void => {
		if (ts.isRegularExpressionLiteral(node)) {
			found.push({ pattern: node.text.slice(1, node.text.lastIndexOf("/")), context: around(node) });
		} else if (
			(ts.isNewExpression(node) || ts.isCallExpression(node)) &&
			ts.isIdentifier(node.expression) &&
			node.expression.text === "RegExp"
		) {
			const first = node.arguments?.[0];
			if (first && ts.isStringLiteralLike(first)) found.push({ pattern: first.text, context: around(node) });
		}
		ts.forEachChild(node, visit);
	};
	visit(file);
	return found;
}

/** Lookbehind groups: a parse error in Safari's engine before iOS 16.4 (the whole file fails). */
export function hasLookbehind(pattern: string): boolean {
	return /\(\?<[=!]/.test(pattern);
}
