/** Entry of the sandbox page bundle: reads the access token from the URL and starts the app. */
import { createRoot } from "react-dom/client";
import { RemoteThreadService } from "../../rpc/client/remote-thread-service";
import { NotesClient } from "./api";
import { App } from "./App";
import { applyTheme, initialTheme } from "./theme";

const token = new URLSearchParams(window.location.search).get("token") ?? "";
const baseUrl = window.location.origin;
const service = new RemoteThreadService({ baseUrl, token });
// Before the first paint, so a dark page never flashes light.
applyTheme(document, initialTheme(window));
const container = document.getElementById("app");
if (container) createRoot(container).render(<App service={service} notes={new NotesClient(baseUrl, token)} />);
