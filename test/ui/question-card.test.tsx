// @vitest-environment happy-dom
/**
 * The question card (issue 30): "Your own answer" shows only once "Other" is chosen, and Skip
 * question answers the card as skipped (the model is told so), with focus moving to the summary.
 */
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

function askScript(multiSelect = false): EventScript {
	const s = new EventScript().user("m1", "Plan my trip").assistant("a1", "");
	s.propose("a1", "c_ask", "askUser", {});
	s.decide("c_ask", "approved").run("c_ask");
	s.add({
		type: "question_asked",
		askId: "ask1",
		callId: "c_ask",
		questions: [
			{ question: "Which city?", header: "City", options: [{ label: "Kyoto" }, { label: "Osaka" }], multiSelect },
		],
	});
	return s.status("waiting_for_answer");
}

describe("the question card", () => {
	it.each([false, true])(
		"shows the field for your own answer only once Other is chosen (multi-select: %s)",
		async (multi) => {
			const { service, user } = await renderThread(askScript(multi));
			const field = () => screen.queryByRole("textbox", { name: "Other answer to: Which city?" });
			expect(field()).toBeNull();
			await user.click(screen.getByRole(multi ? "checkbox" : "radio", { name: "Other" }));
			await user.type(field()!, "Nara");
			await user.click(screen.getByRole("button", { name: "Submit answers" }));
			expect(service.callsOf("answerQuestion")).toEqual([
				{ threadId: "thread_1", askId: "ask1", answers: { "0": ["Nara"] } },
			]);
		},
	);

	it("hides the field again when another option replaces Other", async () => {
		const { user } = await renderThread(askScript());
		await user.click(screen.getByRole("radio", { name: "Other" }));
		expect(screen.getByRole("textbox", { name: "Other answer to: Which city?" })).toBeTruthy();
		await user.click(screen.getByRole("radio", { name: "Kyoto" }));
		expect(screen.queryByRole("textbox", { name: "Other answer to: Which city?" })).toBeNull();
	});

	it("Skip question answers the card as skipped, and the summary then says so and takes the focus", async () => {
		const { service, user } = await renderThread(askScript());
		await user.click(screen.getByRole("button", { name: "Skip question" }));
		expect(service.callsOf("answerQuestion")).toEqual([
			{ threadId: "thread_1", askId: "ask1", answers: {}, skipped: true },
		]);
		act(() => service.push("thread_1", { type: "question_answered", askId: "ask1", answers: {}, skipped: true }));
		const card = await screen.findByRole("group", { name: "Skipped 1 question" });
		expect(within(card).getByText("Skipped")).toBeTruthy();
		expect(within(card).queryByRole("radio")).toBeNull();
		await waitFor(() => expect(card.contains(document.activeElement)).toBe(true));
	});

	it("names Skip for several questions", async () => {
		const s = new EventScript().user("m1", "Plan").assistant("a1", "");
		s.propose("a1", "c_ask", "askUser", {});
		s.decide("c_ask", "approved").run("c_ask");
		s.add({
			type: "question_asked",
			askId: "ask1",
			callId: "c_ask",
			questions: [
				{ question: "Which city?", options: [{ label: "Kyoto" }, { label: "Osaka" }], multiSelect: false },
				{ question: "When?", options: [{ label: "May" }, { label: "June" }], multiSelect: false },
			],
		});
		await renderThread(s.status("waiting_for_answer"));
		expect(screen.getByRole("button", { name: "Skip questions" })).toBeTruthy();
	});
});
