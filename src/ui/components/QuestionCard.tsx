/**
 * The agent's questions, in the stream: each with its header chip, radio buttons (single) or
 * checkboxes (multi), and an "Other" choice whose text field shows once it is chosen. Validated
 * here: every question needs an answer, a single-select exactly one, and a chosen "Other" needs
 * text. Skip question answers the card as skipped (the model reads that the user skipped it).
 * Once answered or skipped: a summary. Keys on the card (decision-keys.ts): Mod+Enter submits,
 * Esc skips, except in the "Other" field (Esc there is the user's typing).
 */
import { memo, useId, useState } from "react";
import type { AskAnswers, AskQuestion } from "../../log/events";
import type { QuestionView } from "../../log/state";
import { usePane } from "../context";
import { plural } from "../describe";
import { useAction } from "../hooks/useAction";
import { CARD_ATTR, STATUS_ATTR } from "../focus-after";
import { escTitle, isEsc, isModEnter, modEnterTitle, typingAt } from "../decision-keys";

interface Draft {
	chosen: string[];
	otherChosen: boolean;
	otherText: string;
}

const EMPTY: Draft = { chosen: [], otherChosen: false, otherText: "" };

/** The answers to send, or the problem per question index. */
export function validateAnswers(
	questions: AskQuestion[],
	drafts: Draft[],
): { answers: AskAnswers } | { problems: Record<number, string> } {
	const answers: AskAnswers = {};
	const problems: Record<number, string> = {};
	questions.forEach((question, index) => {
		const draft = drafts[index] ?? EMPTY;
		const other = draft.otherText.trim();
		if (draft.otherChosen && other.length === 0) {
			problems[index] = "Type your answer in “Other”, or pick an option.";
			return;
		}
		const picked = [...draft.chosen, ...(draft.otherChosen ? [other] : [])];
		if (picked.length === 0)
			problems[index] = question.multiSelect ? "Choose at least one answer." : "Choose an answer.";
		else if (!question.multiSelect && picked.length > 1) problems[index] = "Choose only one answer.";
		else answers[String(index)] = picked;
	});
	return Object.keys(problems).length > 0 ? { problems } : { answers };
}

export const QuestionCard = memo(function QuestionCard({ question }: { question: QuestionView }) {
	const count = question.questions.length;
	return (
		<div
			className={`redline-card redline-question-card ${question.answers ? "redline-card-executed" : "redline-card-proposed"}`}
			role="group"
			aria-label={
				question.answers
					? `${question.skipped === true ? "Skipped" : "Answered"} ${plural(count, "question")}`
					: `${plural(count, "question")} for you`
			}
			data-ask-id={question.askId}
			{...{ [CARD_ATTR]: question.askId }}
		>
			{question.answers ? (
				<AnswerSummary questions={question.questions} answers={question.answers} skipped={question.skipped === true} />
			) : (
				<QuestionForm question={question} />
			)}
		</div>
	);
});

function QuestionForm({ question }: { question: QuestionView }) {
	const { host, threadId, focus } = usePane();
	const [drafts, setDrafts] = useState<Draft[]>(() => question.questions.map(() => EMPTY));
	const [problems, setProblems] = useState<Record<number, string>>({});
	const submit = useAction((answers: AskAnswers | "skipped") =>
		host.service.answerQuestion(
			answers === "skipped"
				? { threadId, askId: question.askId, answers: {}, skipped: true }
				: { threadId, askId: question.askId, answers },
		),
	);
	/** Sends from a button; once answered, the focus moves to the summary (focus-after.ts). */
	const send = (origin: HTMLElement, answers: AskAnswers | "skipped"): void => {
		if (submit.busy) return;
		focus.request(origin, [question.askId]);
		void submit.run(answers).then((ok) => {
			if (!ok) focus.cancel(origin);
		});
	};
	const count = question.questions.length;

	const update = (index: number, change: (draft: Draft) => Draft): void => {
		setDrafts((all) => all.map((draft, i) => (i === index ? change(draft) : draft)));
		setProblems((all) => {
			const { [index]: _cleared, ...rest } = all;
			return rest;
		});
	};

	/** Submit, by its button or Mod+Enter: every question answered, or the problems shown. */
	const submitFrom = (form: HTMLFormElement): void => {
		const checked = validateAnswers(question.questions, drafts);
		if ("problems" in checked) {
			setProblems(checked.problems);
			return;
		}
		const origin = form.querySelector<HTMLElement>("button[type=submit]");
		if (origin) send(origin, checked.answers);
	};
	const skipOrigin = (form: HTMLFormElement): HTMLElement | null =>
		form.querySelector<HTMLElement>(".redline-question-skip");

	return (
		<form
			className="redline-question-form"
			onSubmit={(event) => {
				event.preventDefault();
				submitFrom(event.currentTarget);
			}}
			onKeyDown={(event) => {
				if (event.defaultPrevented) return;
				const form = event.currentTarget;
				if (isModEnter(event)) {
					event.preventDefault();
					submitFrom(form);
				} else if (isEsc(event) && !typingAt(event.target)) {
					event.preventDefault();
					const origin = skipOrigin(form);
					if (origin) send(origin, "skipped");
				}
			}}
		>
			{question.questions.map((q, index) => (
				<QuestionField
					key={index}
					question={q}
					draft={drafts[index] ?? EMPTY}
					problem={problems[index]}
					onChange={(change) => update(index, change)}
				/>
			))}
			<div className="redline-approval-buttons">
				<button
					type="submit"
					className="redline-button redline-cta mod-cta"
					aria-disabled={submit.busy || undefined}
					aria-label="Submit answers"
					title={modEnterTitle("Submit", host.doc)}
				>
					Submit
				</button>
				<button
					type="button"
					className="redline-button redline-button-quiet redline-question-skip"
					aria-disabled={submit.busy || undefined}
					aria-label={count === 1 ? "Skip question" : "Skip questions"}
					title={escTitle(count === 1 ? "Skip question" : "Skip questions")}
					onClick={(event) => send(event.currentTarget, "skipped")}
				>
					{count === 1 ? "Skip question" : "Skip questions"}
				</button>
			</div>
			{submit.error && (
				<p className="redline-inline-error" role="alert">
					{submit.error}
				</p>
			)}
		</form>
	);
}

interface FieldProps {
	question: AskQuestion;
	draft: Draft;
	problem: string | undefined;
	onChange: (change: (draft: Draft) => Draft) => void;
}

function QuestionField({ question, draft, problem, onChange }: FieldProps) {
	const name = useId();
	const multi = question.multiSelect;
	const pick = (label: string, on: boolean): void =>
		onChange((d) =>
			multi
				? { ...d, chosen: on ? [...d.chosen.filter((c) => c !== label), label] : d.chosen.filter((c) => c !== label) }
				: { ...d, chosen: on ? [label] : [], otherChosen: false },
		);
	const pickOther = (on: boolean): void =>
		onChange((d) => (multi ? { ...d, otherChosen: on } : { ...d, chosen: [], otherChosen: on }));

	return (
		<fieldset
			className="redline-question"
			aria-invalid={problem ? true : undefined}
			aria-describedby={problem ? `${name}-problem` : undefined}
		>
			<legend className="redline-question-legend">
				{question.header && <span className="redline-question-chip">{question.header}</span>}
				<span className="redline-question-text">{question.question}</span>
			</legend>
			{question.options.map((option) => (
				<label key={option.label} className="redline-question-option">
					<input
						type={multi ? "checkbox" : "radio"}
						name={name}
						checked={draft.chosen.includes(option.label)}
						onChange={(event) => pick(option.label, event.target.checked)}
					/>
					<span className="redline-question-option-label">{option.label}</span>
					{option.description && <span className="redline-question-option-description">{option.description}</span>}
				</label>
			))}
			<label className="redline-question-option redline-question-other">
				<input
					type={multi ? "checkbox" : "radio"}
					name={name}
					checked={draft.otherChosen}
					onChange={(event) => pickOther(event.target.checked)}
				/>
				<span className="redline-question-option-label">Other</span>
			</label>
			{draft.otherChosen && (
				<input
					type="text"
					className="redline-question-other-text"
					aria-label={`Other answer to: ${question.question}`}
					placeholder="Your own answer"
					value={draft.otherText}
					onChange={(event) => {
						const text = event.target.value;
						onChange((d) => ({ ...d, otherText: text }));
					}}
				/>
			)}
			{problem && (
				<p id={`${name}-problem`} className="redline-inline-error" role="alert">
					{problem}
				</p>
			)}
		</fieldset>
	);
}

function AnswerSummary({
	questions,
	answers,
	skipped,
}: {
	questions: AskQuestion[];
	answers: AskAnswers;
	skipped: boolean;
}) {
	return (
		<dl className="redline-answer-summary" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
			{questions.map((question, index) => (
				<div key={index} className="redline-answer">
					<dt>
						{question.header && <span className="redline-question-chip">{question.header}</span>}
						{question.question}
					</dt>
					<dd>{skipped ? "Skipped" : (answers[String(index)] ?? []).join(", ") || "No answer"}</dd>
				</div>
			))}
		</dl>
	);
}
