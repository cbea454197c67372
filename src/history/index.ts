/** The history's public surface: createNoteHistory (write/create/revert/restore/list) and merge3. */
export { createNoteHistory } from "./note-history";
export type { FullNoteHistory, NoteHistoryDeps } from "./note-history";
export { merge3, describeLines } from "./merge";
export type { MergeResult, MergeConflict, LineSpan } from "./merge";
export type * from "./types";
