// Text rewrites: a piece of a package's source replaced by an equivalent one as main.js is built
// (build/plugins/rewrite.mjs). Each says why the two are equivalent for Redline; one whose text is
// not there as expected fails the build. A unique piece of code is matched exactly, once; what
// recurs (a name, a helper call) by a pattern anchored on its structure, at least once, with
// what must be gone afterwards (`noneLeft`), never by a count of the library's occurrences.

import { wholeName } from "../plugins/rewrite.mjs";

// Where LangChain imports zod, `import { z } from "zod/v3"` brings in all of zod 3 (60 KB) and
// `import { z } from "zod/v4"` zod 4's classic API, whose every schema carries every method (so
// every kind of schema and string format: about 40 KB). LangChain builds a handful of schemas with
// it (z.any, z.object, z.string, optional, transform) and calls z.prettifyError; zod 4's mini API
// has each with the same meaning (a classic `.transform(fn)` is `z.pipe(schema, z.transform(fn))`,
// which is how classic builds it), and LangChain handles every zod 4 schema alike (it reads
// `_zod`, never a classic method). So these imports become namespace imports of zod/mini, which
// esbuild shakes to the names used; a name zod/mini lacks is a build error (import-is-undefined is
// raised to an error in esbuild.config.mjs), and Redline's own schemas are zod/mini too.
const zodThreeToMini = { from: 'import { z } from "zod/v3";', to: 'import * as z from "zod/mini";' };
export const zodMini = [
	{ file: "@langchain/core/dist/runnables/base.js", ...zodThreeToMini },
	{
		file: "@langchain/core/dist/runnables/base.js",
		from: "schema: z.object({ input: z.string() }).transform((input) => input.input),",
		to: "schema: z.pipe(z.object({ input: z.string() }), z.transform((input) => input.input)),",
	},
	{ file: "@langchain/core/dist/tools/index.js", ...zodThreeToMini },
	{
		file: "@langchain/core/dist/tools/index.js",
		from: 'import { z as z$1 } from "zod/v4";',
		to: 'import * as z$1 from "zod/mini";',
	},
	{
		file: "@langchain/core/dist/tools/index.js",
		from: "schema = z.object({ input: z.string().optional() }).transform((obj) => obj.input);",
		to: "schema = z.pipe(z.object({ input: z.optional(z.string()) }), z.transform((obj) => obj.input));",
	},
	// Stood in (withStructuredOutput, stand-ins.mjs), so never in main.js; kept off zod 3 all the same.
	{
		file: "@langchain/core/dist/output_parsers/structured.js",
		from: 'import { z } from "zod/v3";',
		to: 'import * as z from "zod/v4";',
	},
];

// zod 4 compiles a fast path for object schemas with `new Function` where it may; Redline allows
// neither eval nor new Function in main.js (Obsidian's review, strict CSPs), and zod's own
// `jitless` mode (the same results, parsed by the interpreter) is what is left.
export const zodJitless = [
	{
		file: "zod/v4/core/util.js",
		from: '    try {\n        const F = Function;\n        new F("");\n        return true;\n    }\n    catch (_) {\n        return false;\n    }',
		to: "    return false; // Redline: main.js never compiles code at run time (see build/cuts/rewrites.mjs)",
	},
	{
		file: "zod/v4/core/doc.js",
		from: '        const F = Function;\n        const content = this?.content ?? [``];\n        const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\\n${content.join("\\n")}\\n};`);\n        return factory(...Object.values(this.closed));',
		to: '        throw new Error("zod: compiling schemas is not included in Redline\'s bundle (main.js never compiles code at run time)");',
	},
];

// The OpenAI client keeps an X.509 workload identity in a private field, written only in its
// constructor, from the `new X509WorkloadIdentityAuth(...)` it makes when given an X.509 identity,
// and in withOptions(). The workload identity stand-in refuses every identity and cannot be
// constructed, and withOptions() is a throw (method-stand-ins.mjs), so the field is always
// undefined, and so is each local the client reads it into: they become `(void 0)` and the
// minifier drops the X.509 branches of the request path (about 3.7 KB).
// test/obsidian/shims/openai-stand-ins.test.ts runs requests that stream, retry and fail through
// the client as built and through the real one.
//
// Each is matched by structure, not counted: a new read or local of the same shape is rewritten
// with the others. What would not be covered fails the build: any access of the field left but the
// constructor's write (a read elsewhere, a write of something else), or the name used as a
// property; any other binding of the local's name (a `let`, a parameter, a destructured name)
// becomes `(void 0)` too, which does not parse.
const client = "openai/client.mjs";
const readField = String.raw`__classPrivateFieldGet\(this, _OpenAI_x509Authentication, "f"\)`;
export const openaiX509 = [
	// The locals the client reads the field into, and the one a retry reads back from its attempt,
	// which was set from such a local (`...(x509Authentication ? { authentication: x509Authentication } : {})`).
	{
		file: client,
		pattern: new RegExp(String.raw`^ *const x509Authentication = (?:${readField}|attempt\?\.authentication);\n`, "gm"),
		to: "",
	},
	{
		file: client,
		pattern: new RegExp(readField, "g"),
		to: "(void 0)",
		noneLeft:
			/__classPrivateField(?:Get|Set)\((?!this, _OpenAI_x509Authentication, authentication, "f"\);)\w+, _OpenAI_x509Authentication\b/,
	},
	{
		file: client,
		pattern: wholeName("x509Authentication"),
		to: "(void 0)",
		noneLeft: /(?<![\w$])x509Authentication(?![\w$])/,
	},
];

// The rest of the client's workload identity: the X.509 identity it keeps in a local of its
// constructor (which picks the X.509 API's origin, checks the transport and sets the X.509 fetch),
// the public field _workloadIdentityAuth (X.509 or subject-token exchange) and the private field
// holding the X.509 fetch. The constructor asks isX509WorkloadIdentity() of its workloadIdentity
// option before anything else, and the stand-in refuses any identity there by name (Redline passes
// none), so past it neither kind of identity exists: the constructor's locals are undefined, and it
// writes the fields only from them. withOptions(), their one other writer, is stood in
// (method-stand-ins.mjs). So every read of them is undefined: the branches that authenticate with
// an identity, refresh its token on a 401 or send requests through the X.509 fetch drop out of the
// request path (about 2.3 KB). Matched by structure, as openaiX509; noneLeft: the fields' writes in
// the constructor are all that may be left of them, and any other binding of the locals' names
// does not parse.
export const openaiNoWorkloadIdentity = [
	{
		file: client,
		pattern: /^ *const (?:x509Identity = identity\.x509|usesX509Identity = x509Identity !== undefined);\n/gm,
		to: "",
	},
	{
		file: client,
		pattern: wholeName("usesX509Identity"),
		to: "false",
		noneLeft: /(?<![\w$])usesX509Identity(?![\w$])/,
	},
	{ file: client, pattern: wholeName("x509Identity"), to: "(void 0)", noneLeft: /(?<![\w$])x509Identity(?![\w$])/ },
	{
		file: client,
		pattern: /\bthis\._workloadIdentityAuth(?! = )/g,
		to: "(void 0)",
		noneLeft:
			/_workloadIdentityAuth(?! = (?:authentication|new WorkloadIdentityAuth\(identity\.legacy, this\.fetch\));)/,
	},
	{
		file: client,
		pattern: /__classPrivateFieldGet\(this, _OpenAI_x509Fetch, "f"\)/g,
		to: "(void 0)",
		noneLeft:
			/__classPrivateField(?:Get|Set)\((?!this, _OpenAI_x509Fetch, authentication\.fetch\(\), "f"\);)\w+, _OpenAI_x509Fetch\b/,
	},
];

// Safari's engine before iOS 16.4 cannot parse a regex literal with a lookbehind: one in main.js
// and the plugin fails to load on those iPhones and iPads. The openai package's path helper has
// one, rewritten to an equivalent that matches the separator instead of looking behind for it:
// the new pattern captures the "/" (or start) before the segment and the segment itself, so the
// segment starts match[1].length after match.index. test/obsidian/shims/no-lookbehind.test.ts
// compares the two; the bundle test fails on any lookbehind left in main.js.
export const noLookbehind = [
	[String.raw`/(?<=^|\/)(?:\.|%2e){1,2}(?=\/|$)/gi`, String.raw`/(^|\/)((?:\.|%2e){1,2})(?=\/|$)/gi`],
	["start: match.index,", "start: match.index + match[1].length,"],
	["length: match[0].length,", "length: match[2].length,"],
	['`Value "${match[0]}"', '`Value "${match[2]}"'],
].map(([from, to]) => ({ file: "openai/internal/utils/path.mjs", from, to }));

// The OpenAI client wraps its logger (the console, as Redline gives none) in a sanitiser that
// redacts keys, tokens and credentials from every value it logs: about 9 KB of source, for log
// lines Redline never shows (its errors reach the user through its own redaction, src/llm). The
// client's logger becomes one that writes nothing, which leaks less than any sanitiser: the
// functions that only the sanitiser called go with it. What calls them afterwards fails the build.
export const openaiQuietLogs = [
	{
		file: client,
		pattern:
			/_OpenAI_isSensitiveLogKey = function _OpenAI_isSensitiveLogKey\(key\) \{\n[\s\S]*?\n\}, _OpenAI_sanitizeLogValue = function _OpenAI_sanitizeLogValue\(value, seen\) \{\n[\s\S]*?\n\}, _OpenAI_sanitizeLogger = function _OpenAI_sanitizeLogger\(logger\) \{\n[\s\S]*?\n\};\n(?=_OpenAI_sanitizedLoggers = )/,
		to: "_OpenAI_isSensitiveLogKey = void 0, _OpenAI_sanitizeLogValue = void 0, _OpenAI_sanitizeLogger = function _OpenAI_sanitizeLogger() {\n    // Redline: the client logs nothing (build/cuts/rewrites.mjs, openaiQuietLogs).\n    const quiet = () => undefined;\n    return { error: quiet, warn: quiet, info: quiet, debug: quiet };\n};\n",
		noneLeft: /"m", _OpenAI_(?:isSensitiveLogKey|sanitizeLogValue)\)/,
	},
];

// The OpenAI client tells every provider the user's OS, CPU architecture and runtime version in
// X-Stainless-* headers, found by probing Deno, edge runtimes, Node's process and the browser's
// user agent. Redline sends the same headers with nothing in them about the machine ("unknown",
// as the client itself sends where it cannot tell): less to tell a third party, and the probes go.
export const openaiNoPlatformProbe = [
	{
		file: "openai/internal/detect-platform.mjs",
		pattern: /const getPlatformProperties = \(\) => \{\n[\s\S]*?\n\};\n(?=\/\/ Note: modified from)/,
		to: "const getPlatformProperties = () => ({\n    // Redline: nothing about the machine (build/cuts/rewrites.mjs, openaiNoPlatformProbe).\n    'X-Stainless-Lang': 'js',\n    'X-Stainless-Package-Version': VERSION,\n    'X-Stainless-OS': 'Unknown',\n    'X-Stainless-Arch': 'unknown',\n    'X-Stainless-Runtime': 'unknown',\n    'X-Stainless-Runtime-Version': 'unknown',\n});\n",
		// The probes' functions stay in the file, called by nothing (esbuild leaves them out).
		noneLeft: /= get(?:DetectedPlatform|BrowserInfo)\(\)|normalize(?:Platform|Arch)\(/,
	},
];

// Redline always names the endpoint (a baseURL, from its settings) and never sets the client's
// dataResidency option, so the table of OpenAI's regional endpoints and the check behind it are
// never read: the option is refused by name instead, as the x509 options are.
export const openaiNoDataResidency = [
	{
		file: "openai/internal/data-residency.mjs",
		pattern:
			/^const endpoints = new Map\(\[\n[\s\S]*?\n\]\);\n[\s\S]*?\nexport function resolveDataResidency\(options\) \{\n[\s\S]*?\n\}\n/m,
		to: "// Redline: no regional endpoints (build/cuts/rewrites.mjs, openaiNoDataResidency).\nexport function resolveDataResidency(options) {\n    if (options.dataResidency === null || options.dataResidency === undefined) return undefined;\n    throw new OpenAIError('dataResidency is not included in Redline\\'s bundle: set the endpoint as the base URL');\n}\n",
		noneLeft: /api\.openai\.com/,
	},
];

// React DOM works out a component stack for every error thrown in render or commit (walking up
// the fibers and calling each function component once more, its hooks throwing, to find its frame:
// describeNativeComponentFrame) and hands it only to the root's onUncaughtError, onCaughtError and
// onRecoverableError, as errorInfo.componentStack. Redline's one root (src/ui/mount.tsx) passes
// none of them, and React's defaults read the error alone (reportError, console.error), so the
// stack is never read: it is "" instead, and the frame finder leaves main.js (about 2.5 KB).
// The error itself reaches the handlers as before; test/obsidian/shims/react-cuts.test.ts throws
// one through the edited React, and checks that nothing in main.js's sources reads a stack.
export const reactNoComponentStacks = [
	{
		file: "react-dom/cjs/react-dom-client.production.js",
		pattern: /^function getStackByFiberInDevAndProd\(workInProgress\) \{\n[\s\S]*?\n\}\n/m,
		to: 'function getStackByFiberInDevAndProd() {\n  return ""; // Redline: no root reads it (build/cuts/rewrites.mjs, reactNoComponentStacks)\n}\n',
	},
];

export const rewrites = [
	...zodMini,
	...zodJitless,
	...openaiX509,
	...openaiNoWorkloadIdentity,
	...openaiQuietLogs,
	...openaiNoPlatformProbe,
	...openaiNoDataResidency,
	...noLookbehind,
	...reactNoComponentStacks,
];
