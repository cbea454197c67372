// Stands in for @types/node in tsconfig.stock.json (typeRoots): Obsidian's review lints without
// Node's types, so `/// <reference types="node" />` in a package's declarations must find nothing
// here either, and `node:*` imports stay unresolved, as they are there. Intentionally empty.
export {};
