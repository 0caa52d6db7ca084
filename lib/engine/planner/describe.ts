// Description → task definition, by rules: inputs, list shape, subject, then every enumerated
// thing the text asks for becomes an output with a concrete question.

import type { TaskDefinition, TaskInput } from '@/lib/contract/task-definition';
import { answerForm, resolveBackReferences } from './anaphora';
import { expandContractions } from './contractions';
import { extractionObjects } from './extraction-clauses';
import { planPhrase } from './fields';
import type { PhraseContext, PlannedOutput } from './planned-output';
import { finalise, type Finalised } from './finalise';
import { attachFormatItems } from './format-words';
import { withoutContext } from './context-sentences';
import { contextSuffix, detectInputs } from './inputs';
import { asksPerRow, detectListShape, planColumns } from './list-shape';
import { DESCRIBE_HINT, MAX_TEXT, tooLong } from './messages';
import { shareNouns, splitEnumeration, splitSentenceLines } from './phrases';
import { shareOwner } from './shared-owner';
import { taskClause } from './task-clause';
import { detectSubject, makeSubject } from './subject';
import { nameTask } from './task-name';
import { humanise } from './names';
import { typeGroup } from './type-words';
import { lookupField } from './vocabulary';
import { spellYesNoList } from './yes-no-list';

const MAX_OUTPUTS = 100;
const DIRECT_QUESTION = /^(?:how\s+(?:many|much|long|old)|when|where|who|what|which)\b/i;
const SOCIAL_WORDS = /\b(?:linkedin|facebook|instagram|youtube|twitter|tiktok|github|pinterest|social)\b/i;

export function planFromDescription(description: string): Finalised {
  if (typeof description !== 'string' || description.trim().length === 0) {
    return { ok: false, message: `The description is empty. ${DESCRIBE_HINT}` };
  }
  if (description.length > MAX_TEXT)
    return { ok: false, message: tooLong('description', description.length) };
  const text = answerForm(
    resolveBackReferences(
      taskClause(spellYesNoList(frontedGuidance(expandContractions(description.trim())))),
    ),
  );

  const { inputs, rest } = detectInputs(text);
  const shape = detectListShape(rest);
  const subject = shape ? makeSubject(shape.item, true) : detectSubject(text, inputs);
  const allowBareX = SOCIAL_WORDS.test(text);
  const ctx: PhraseContext = { subject, allowCustom: false, allowBareX };
  // In a list task, fields asked outside the rows' enumeration are asked once for the page
  // ("the company's email and phone, and its pricing plans with name and price"), about the page's
  // own subject rather than "each pricing plan".
  const pageCtx: PhraseContext = shape
    ? { subject: detectSubject(shape.rest || text, inputs), allowCustom: false, allowBareX }
    : ctx;

  const planned: PlannedOutput[] = [];
  if (shape) {
    planned.push(...planColumns(shape.columns, shape.addName, ctx, pageCtx));
  }
  const sentences = withoutContext(splitSentenceLines(shape ? shape.rest : rest));
  // "company name; founded year; headquarters city": when one part of a ";" run names a known
  // field, the others are fields too.
  const knownRuns = new Set(
    sentences
      .filter(
        (s) => s.semicolonRun && splitEnumeration(s.text).some((i) => planPhrase(i, pageCtx).length > 0),
      )
      .map((s) => s.semicolonRun),
  );
  for (const sentence of sentences) {
    for (const object of extractionObjects(distributeQuestion(sentence.text))) {
      const items = shareOwner(shareNouns(attachFormatItems(splitEnumeration(object.text))));
      // Each item is about the rows ("whether each product is in stock") or about the page.
      const itemCtx = (item: string): PhraseContext =>
        shape && !asksPerRow(item, shape.item) ? pageCtx : ctx;
      // A verb-less line ("Company name, refund policy") counts as a field list when it names at
      // least one known field; "For each, if missing, leave empty" names none and is skipped.
      // The words before a list phrase in the same sentence are asked for too ("The conference
      // name and date, and every speaker with their name").
      const lead =
        shape?.lead !== undefined && sentence.text.trim() === shape.lead.replace(/[.!?;]+$/, '').trim();
      const explicit =
        object.explicit ||
        sentence.bullet ||
        lead ||
        // "Also the company's head office email", "…? And the price per kilo": a sentence that
        // continues a request.
        /^(?:(?:please|and)\s+)?(?:also|plus|and\s+also|as\s+well\s+as|additionally|in\s+addition)\b|^and\s+\S/i.test(
          sentence.text,
        ) ||
        // "How many pages does the book have?": a question for a value asks for it, known field or not.
        DIRECT_QUESTION.test(sentence.text) ||
        knownRuns.has(sentence.semicolonRun) ||
        items.some((item) => planPhrase(item, itemCtx(item)).length > 0);
      for (const item of items) {
        const once = itemCtx(item) === pageCtx && shape !== undefined;
        for (const p of planPhrase(item, { ...itemCtx(item), allowCustom: explicit })) {
          planned.push(once ? { ...p, output: { ...p.output, scope: 'task' } } : p);
        }
      }
    }
  }
  if (planned.length === 0 && !shape) planned.push(...bareFieldPhrase(rest, ctx));
  if (shape && planned.length === 0) {
    // "List all products on the page": rows with at least a name.
    planned.push(...planPhrase('name', ctx));
  }

  const outputs = keepUseful(planned, inputs, Boolean(shape));
  if (outputs.length === 0) {
    return { ok: false, message: `Nothing to extract was found in the description. ${DESCRIBE_HINT}` };
  }
  if (outputs.length > MAX_OUTPUTS) {
    return {
      ok: false,
      message: `The description asks for ${outputs.length} outputs; the limit is ${MAX_OUTPUTS}.`,
    };
  }
  const suffix = contextSuffix(inputs);
  const definition: TaskDefinition = {
    name: nameTask(outputs, subject),
    description: text,
    inputs,
    outputs: outputs.map((p) => ({ ...p.output, query: `${p.output.query}${suffix}` })),
    list: Boolean(shape),
  };
  return finalise(definition);
}

// "In one sentence of at most 20 words, what does the startup do?": guidance said first goes after
// what it is about, where the format readers look for it.
const FRONTED_GUIDANCE =
  /(^|[.!?]\s+)(in\s+(?:one|a\s+single|a|two|three|\d+)\s+(?:short\s+)?(?:sentences?|words?|lines?|phrases?)(?:\s+(?:at\s+most|max(?:imum)?|or\s+(?:less|fewer)))?(?:\s+(?:of\s+)?(?:at\s+most|max(?:imum)?|up\s+to)\s+\d+\s+words)?)\s*,\s*([^.!?]+)([.!?]?)/gi;

function frontedGuidance(text: string): string {
  return text.replace(
    FRONTED_GUIDANCE,
    (_m, lead: string, guidance: string, asked: string, end: string) =>
      `${lead}${asked.trim()} (${guidance})${end}`,
  );
}

const WHO_AND_WHEN =
  /^(who|what)\s+([a-z]+ed|built|made|wrote|began|started)\s+(.+?),?\s+and\s+(?:when|in\s+what\s+year|in\s+which\s+year)\s*\??$/i;
const WHICH_DO =
  /^((?:which|what)\s+)(.+?)(\s+(?:do|does|did|can|will)\s+(?:they|it|we|you|the\s+[a-z]+)\s+[a-z]+(?:\s+[a-z]+)?)\s*\??$/i;

/** "Which languages and frameworks do they use?" asks "which languages do they use" and "which frameworks do they use". */
function distributeQuestion(sentence: string): string {
  // "Who founded it and when?" also asks when it was founded.
  const when = WHO_AND_WHEN.exec(sentence.trim());
  if (when?.[1] && when[2] && when[3])
    return `${when[1]} ${when[2]} ${when[3]}, when was ${when[3]} ${when[2]}`;
  const m = WHICH_DO.exec(sentence.trim());
  if (!m?.[1] || !m[2] || !m[3]) return sentence;
  const parts = splitEnumeration(m[2]);
  if (parts.length < 2) return sentence;
  return parts.map((p) => `${m[1]}${p}${m[3]}`).join(', ');
}

// Heads that make a bare phrase a field ("email address of the press contact"); "make it better" has none.
const FIELD_HEADS = new Set(
  'name email address phone number url link date year price fee cost count title location city country'.split(
    ' ',
  ),
);

const POSSESSIVE_PHRASE =
  /^(?:the\s+)?(?:[a-z-]+\s+){0,3}[a-z-]+\s+of\s+(?:the|its|their|this|each)\s+[a-z-]+\b|^(?:the\s+)?[a-z-]+['’]s\s+[a-z-]+/i;

const DANGLING =
  /\b(?:whereas|although|though|because|while|unless|whether|which|that|than|of|the|a|an|and|or|but|if|to|with)\s*[.!?]*$/i;

/** A whole description that is one verb-less phrase naming a value: the phrase is the field. */
function bareFieldPhrase(text: string, ctx: PhraseContext): PlannedOutput[] {
  const sentences = splitSentenceLines(text);
  if (sentences.length !== 1 || !sentences[0]) return [];
  // "purple seventeen of the quickly banana whereas": a phrase that ends on a joining word is no value.
  if (DANGLING.test(sentences[0].text.trim())) return [];
  const items = shareOwner(attachFormatItems(splitEnumeration(sentences[0].text)));
  const planned = items.flatMap((item) => planPhrase(item, { ...ctx, allowCustom: true }));
  const typed = planned.every((p) => FIELD_HEADS.has(p.output.name.split('_').at(-1) ?? ''));
  // "the main topic of the article", "the article's main topic": a possessive noun phrase names a value.
  const owned = POSSESSIVE_PHRASE.test(sentences[0].text.trim());
  return planned.length === items.length && (typed || owned) ? planned : [];
}

// A plural name ("dates", "phone_numbers"): with guidance it may speak of every output of a type.
const PLURAL_NAME = /[^s]s$/;

/** Drops duplicates and outputs that would only echo an input ("the company's website" of a website). */
function keepUseful(
  planned: readonly PlannedOutput[],
  inputs: readonly TaskInput[],
  list: boolean,
): PlannedOutput[] {
  const hasUrlInput = inputs.some((i) => i.type === 'url');
  const seen = new Set<string>();
  const out: PlannedOutput[] = [];
  for (const p of planned) {
    const name = p.output.name;
    // "Dates as YYYY-MM-DD, prices in EUR": guidance for every output of that type, not a field.
    const group = PLURAL_NAME.test(name) ? typeGroup(humanise(name)) : undefined;
    const members = planned.filter((q) => q !== p && group?.includes(q.output.type));
    if (group && p.output.format && members.length > 0) {
      for (const q of members) if (!q.output.format) q.output = { ...q.output, format: p.output.format };
      continue;
    }
    // "… the total revenue it reports. Revenue in USD.": guidance for the one output the word ends.
    const ends = out.filter((q) => q.output.name.endsWith(`_${name}`));
    if (p.output.format && ends.length === 1 && ends[0] && !ends[0].output.format) {
      ends[0].output = { ...ends[0].output, format: p.output.format };
      continue;
    }
    if (seen.has(name)) {
      // "email and phone, the phone in international format": the repeat adds guidance.
      const kept = out.find((q) => q.output.name === name);
      if (kept && p.output.format && !kept.output.format)
        kept.output = { ...kept.output, format: p.output.format };
      continue;
    }
    if (inputs.some((i) => i.name === name)) continue;
    const once = !list || p.output.scope === 'task';
    if (once && hasUrlInput && (name === 'url' || lookupField(name)?.name === 'website')) continue;
    seen.add(name);
    out.push(p);
  }
  return out;
}
