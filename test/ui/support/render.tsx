/** Renders the pane over a fake service holding one recorded thread. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RedlinePane } from "../../../src/ui/components/RedlinePane";
import type { EventScript } from "./events";
import { FakeThreadService } from "./fake-service";
import { testHost } from "./host";
import type { ConnectionHost } from "../../../src/ui/host";

export async function renderThread(
	script: EventScript,
	options: {
		notes?: string[];
		active?: string | null;
		connection?: ConnectionHost;
		/** Sets up the service before the pane mounts (e.g. the notes' history a card reads at once). */
		prepare?: (service: FakeThreadService) => void;
	} = {},
) {
	const service = new FakeThreadService();
	service.addThread(script.threadId, script.events);
	options.prepare?.(service);
	const host = testHost(service, options.notes ?? [], options.active ?? null);
	if (options.connection) host.connection = options.connection;
	const user = userEvent.setup();
	const view = render(<RedlinePane host={host} />);
	await screen.findByRole("log");
	return { service, host, user, view };
}
