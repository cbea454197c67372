/**
 * Entry of the sandbox page bundle: reads the access token from the URL, takes it out of the
 * address bar and the history at once (it lives on in memory, and in the HttpOnly cookie the server
 * set with the page, which a reload carries), and starts the app.
 */
import { createRoot } from "react-dom/client";
import { RemoteThreadService } from "../../rpc/client/remote-thread-service";
import { NotesClient } from "./api";
import { App } from "./App";
import { applyTheme, initialTheme } from "./theme";

const params = new URLSearchParams(window.location.search);
const token = params.get("token") ?? "";
if (params.has("token")) {
	params.delete("token");
	const rest = params.toString();
	window.history.replaceState(
		window.history.state,
		"",
		`${window.location.pathname}${rest ? `?${rest}` : ""}${window.location.hash}`,
	);
}
const baseUrl = window.location.origin;
const service = new RemoteThreadService({ baseUrl, token });
// Before the first paint, so a dark page never flashes light.
applyTheme(document, initialTheme(window));
const container = document.getElementById("app");
const notes = new NotesClient(baseUrl, token);
// The tools first (one request to the page's own server): every card's preference and the
// Permissions panel read them from the first render. Without them the pane still works.
if (container) {
	void notes
		.tools()
		.catch(() => [])
		.then((tools) => createRoot(container).render(<App service={service} notes={notes} tools={tools} />));
}
