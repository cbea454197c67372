// The most main.js may weigh: issue 18's 800 KB (build/plugins/budget.mjs). zod's mini API with
// Redline's own tool JSON schemas, the method stand-ins, name-based UUIDs and the OpenAI client's
// query strings, pages and Responses history took main.js from about 903 KB to about 799 KB, the
// OpenAI client's X.509 branches, more stand-ins, one strict directive and one licence notice to
// about 784 KB (which features since took to 796 KB); p-queue's and p-retry's stand-ins, the
// OpenAI stand-ins as one module per rule and React's production builds imported directly, back
// to 784 KB; Redline's own unified diff parser and formatter instead of diff's parsePatch and
// formatPatch, 5.2 KB less; a production build past it fails (so CI does). Raising it means the
// target moved, and it moved once: to 816 KB, when the trust work (the staged renderer, the leak
// flag over every read) and the house's restructuring (each event a zod schema, each tool's own
// words and label) took main.js to 808.6 KB with nothing bundled twice (compared module by module).
// React DOM's function stand-ins (build/cuts/function-stand-ins.mjs: hydration, hoisted elements,
// resource hints, class components, action-state hooks, view transitions) then took it from
// 827,979 to 802,070 bytes (783.3 KB). It moved a second time, to 864 KB: review before write and
// the pane's redesign (issues 29 and 30: the review core and flow, the redline card, the editor's
// inline redline with CodeMirror left to Obsidian, the header's icons and chat list, the card menus,
// suggested requests and pins) took main.js to 850.4 KB (870,803 bytes), all of it Redline's own
// code; nothing is bundled twice. Getting back under 816 KB, then 800 KB, is open work (next: the
// pane's own menu and chat list serve the sandbox only, the OpenAI client's unused resources,
// startHostTransition and <Suspense>). It moved a third time, to 920 KB: many notes in one turn and
// the metadata tools (issue 31: findNotes and its link resolution over the metadata cache, 6.4 KB
// for the tool alone; setProperties' line-preserving frontmatter edit; deleteNote; Undo this turn
// and the change set card) and the pane's last points (issue 30: one title component, the one-line
// reads, the decision keys, the doubt on a redline) took main.js to 893.2 KB (914,596 bytes), all
// of it Redline's own code (the sandbox's text catalog and the yaml library stay out: hosts hand
// them in), then moveNote's link rewriting (Obsidian's renameFile does the rewriting in the plugin;
// the move entry and its revert, which restores every link, are Redline's) to 906.0 KB, so 920 KB.
// Getting back under 864 KB is the next open work, with the same places to start. It moved a
// fourth time, to 968 KB: history appended in lines (issue 32), the compact search index with its
// chunked save and mobile cap (issue 32), what a turn costs and the loops that stop, the context
// meter, set chips and standing instructions (issue 33), and edit in place (issue 34) took main.js
// to 969.9 KB, all of it Redline's own code; React DOM's <Suspense> and form actions, five unused
// hooks, the pane's own menu and chat list (now handed in by the sandbox's host) and the OpenAI
// client's stored chat completions came out (11.6 KB), to 958.5 KB; then the OpenAI client's log
// sanitiser (its logger writes nothing: build/cuts/rewrites.mjs, openaiQuietLogs), 4.9 KB, and its
// platform probes (openaiNoPlatformProbe: the headers say nothing about the machine), 2.2 KB. It
// moved a fifth time, to 984 KB: every model call metered where the client makes it (failed
// applies, stopped replies, titles, summaries: src/llm/metered-completions.ts), the next request's
// measure (v1.context.measure), the pickers' tags and their ranking, the edit prompt's pickers and
// its thread found in the log (issues 33, 34), and opening a long thread by snapshot plus tail
// (issue 32: the windowed state, its stored snapshot checked against the log, the log read and
// folded in slices, the pane paging earlier turns in) took main.js to 975.9 KB with the 7.1 KB
// cut above, all of it Redline's own code. The flat scorer and stepped ranking, and the log read
// in ranged chunks (issue 32), took it to 984.1 KB; the client's regional endpoints came out
// (openaiNoDataResidency, 0.5 KB), to 983.6 KB. At 983.8 KB (1,007,451 bytes), with more of
// issue 32 on its way (desktop ranged reads, a binary index format, the snapshot backfill),
// main.js went on a diet that changed nothing Redline does: minisearch's own adds, removals,
// vacuuming and query engine (the index adds, discards, vacuums and scores its own way: 5.6 KB);
// React DOM's view transitions' after-mutation pass, the replay of events blocked on hydrating
// HTML, useTransition and use(), and props on custom elements (8.3 KB); the rest of the OpenAI
// client's workload identity (openaiNoWorkloadIdentity, 2.3 KB); React DOM's component stacks,
// which no root of Redline's reads (reactNoComponentStacks, 2.5 KB): 18.7 KB in all, to 965.1 KB
// (988,276 bytes). Next places to cut: the client's provider option (Bedrock, Azure) and its
// request log details, which its quiet logger never writes; LangChain's reading of Anthropic's
// content blocks in every message. See what grew with bench/support/bundle-composition.ts.
export const maxBytes = 984 * 1024;
