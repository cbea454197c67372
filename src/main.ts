// Obsidian's entry point: the default export is the plugin class, and nothing else.
import { RedlinePlugin } from "./obsidian/plugin";

export default RedlinePlugin;
