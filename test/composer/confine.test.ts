/**
 * An edit in place may change its passage and nothing else (issue 34): the apply model's draft is
 * taken when it keeps the rest, cut when it also changed lines away from the passage, refused when
 * it changed nothing in the passage or rewrote the passage's own lines around it, and refused when
 * the passage is no longer in the note.
 */
import { describe, expect, it } from "vitest";
import { confineToPassage, locatePassage } from "../../src/composer/confine";

const NOTE = "# Trip\n\nWe leave at dawn. The car is packed.\n\nBring snacks.\n\nCall mum.\n";
const sentence = "The car is packed.";
const passage = { from: NOTE.indexOf(sentence), to: NOTE.indexOf(sentence) + sentence.length, text: sentence };

describe("confining a draft to the selected passage", () => {
	it("takes a draft that changes the passage only, as it is", () => {
		const draft = NOTE.replace(sentence, "The car is ready.");
		expect(confineToPassage(NOTE, draft, passage)).toEqual({ ok: true, proposed: draft, cut: 0 });
	});

	it("cuts a whole-note rewrite to the passage: the other paragraphs stay as they were, and it says how many changes it cut", () => {
		const draft = "# TRIP\n\nWe leave at dawn. The car is ready.\n\nBRING SNACKS.\n\nCALL MUM.\n";
		const confined = confineToPassage(NOTE, draft, passage);
		expect(confined).toEqual({ ok: true, proposed: NOTE.replace(sentence, "The car is ready."), cut: 3 });
	});

	it("refuses a draft that rewrote the passage's line around the passage (nothing outside may change)", () => {
		const draft = NOTE.replace("We leave at dawn. The car is packed.", "We leave at noon. The car is ready.");
		expect(confineToPassage(NOTE, draft, passage)).toEqual({ ok: false, reason: "beside" });
	});

	it("refuses a draft that changed only text outside the passage", () => {
		expect(confineToPassage(NOTE, NOTE.replace("Call mum.", "Call dad."), passage)).toEqual({
			ok: false,
			reason: "outside-only",
		});
	});

	it("refuses when the passage is no longer in the note (the user edited it meanwhile)", () => {
		const typed = NOTE.replace(sentence, "The car is half packed.");
		expect(confineToPassage(typed, typed.replace("Bring", "Pack"), passage)).toEqual({
			ok: false,
			reason: "selection-changed",
		});
	});

	it("finds the passage moved by typing above it, and confines to where it is now", () => {
		const typed = `Note to self.\n${NOTE}`;
		expect(locatePassage(typed, passage)).toEqual({ from: passage.from + 14, to: passage.to + 14 });
		const draft = typed.replace(sentence, "Packed.").replace("Call mum.", "Call dad.");
		expect(confineToPassage(typed, draft, passage)).toEqual({
			ok: true,
			proposed: typed.replace(sentence, "Packed."),
			cut: 1,
		});
	});

	it("an empty passage is the cursor: text inserted there is taken, elsewhere cut", () => {
		const at = NOTE.indexOf("\n\nBring");
		const cursor = { from: at, to: at, text: "" };
		const inserted = `${NOTE.slice(0, at)} Keys too.${NOTE.slice(at)}`;
		expect(confineToPassage(NOTE, inserted, cursor)).toEqual({ ok: true, proposed: inserted, cut: 0 });
		expect(confineToPassage(NOTE, `${inserted}Extra.\n`, cursor)).toEqual({ ok: true, proposed: inserted, cut: 1 });
	});
});
