// Instruction text → edit operations: each clause is matched against the understood forms, most
// specific first (list shape, task name, inputs, queries, renames, types, removals, then additions).

import type { InputType } from '@/lib/contract/task-definition';
import { detectListShape, listItem } from './list-shape';
import { isReason, OPERATION, statementRequest } from './commentary';
import { splitClauses, tidy, POLITE_ONLY } from './instruction-clauses';
import {
  addItems,
  parseCall,
  parseInsteadOf,
  parseKeep,
  parseMove,
  parseReplace,
  parseUseInput,
} from './instruction-forms';
import { isFormatTail, parseFormat, parseStrip, targetOutputs } from './instruction-format';
import type { ClauseParser, EditOp, ParseContext, ParsedInstruction } from './instruction-ops';
import { inputFromPhrase } from './inputs';
import { referenceText } from './match';
import {
  continuesAddition,
  NOT_NEEDED_REASON,
  NOT_PER,
  pointBack,
  restatesOnce,
  restatesWish,
  addTypeToLastAddition,
} from './instruction-asides';
import { parseRename, renameByPointer } from './instruction-rename';
import { humanise, words } from './names';
import { splitEnumeration, unquote } from './phrases';
import { parseInputType, parseOutputType, TYPE_WORD_PATTERN } from './type-words';

const IT = '(?:it|this|the\\s+task|the\\s+result|the\\s+results|the\\s+output|the\\s+outputs|this\\s+task)';
// "a plain number", "a single text": words around a type word that do not change the type.
const TYPE_ADJECTIVE =
  '(?:(?:plain|simple|single|bare|pure|whole|real|proper|valid|normal|regular|raw|one|comma-separated|comma\\s+separated|free|short|long)\\s+)?';
const TYPE_RE = new RegExp(
  `^(.+?)\\s+((?:in)?to\\s+|as\\s+|be\\s+|type\\s+)?(?:an?\\s+)?${TYPE_ADJECTIVE}(${TYPE_WORD_PATTERN})(?:\\s+(?:value|values|field|fields|type|output))?$`,
  'i',
);

const ROW_WISH =
  /^(?:(?:i|we)\s*(?:'d|would)?\s*(?:like|want|need|prefer)\s+(?:to\s+(?:have|get)\s+)?|(?:please\s+)?(?:give|return)\s+(?:me|us)\s+)/i;

// "Instead of just the list of plan names I'd like one row per plan": the list becomes rows.
const INSTEAD_LEAD =
  /^(?:instead\s+of|rather\s+than)\s+.+?\s+(?=(?:(?:i|we)\s*(?:'d|would)?\s*(?:like|want|need|prefer)\s+)?(?:one|a)\s+row\s+(?:per|for)\b)/i;

const parseShape: ClauseParser = (text) => {
  if (
    new RegExp(
      `^(?:make|turn|change|convert|set)\\s+${IT}\\s+(?:back\\s+)?(?:(?:in)?to\\s+)?(?:return\\s+)?(?:a\\s+)?(?:single|one)\\s+(?:result|row|record|item|object|answer)$`,
      'i',
    ).test(text) ||
    /^(?:do\s+not|don'?t|no\s+longer)\s+(?:return|make\s+it)\s+a\s+list$|^(?:not\s+a\s+list|(?:return\s+)?a\s+single\s+result)$/i.test(
      text,
    )
  ) {
    return [{ kind: 'single' }];
  }
  const m = new RegExp(
    `^(?:make|turn|change|convert|set)\\s+${IT}\\s+(?:(?:in)?to\\s+)?(?:be\\s+|return\\s+)?(?:a\\s+)?list\\b(.*)$`,
    'i',
  ).exec(text);
  if (m) {
    const tail = (m[1] ?? '').trim();
    if (!tail) return [{ kind: 'list', addName: false }];
    const of = /^(?:of|with\s+one\s+row\s+per)\s+(.+)$/i.exec(tail);
    if (!of?.[1]) return undefined;
    const shape = detectListShape(`a list of ${of[1]}`);
    if (shape) return [{ kind: 'list', item: shape.item, columns: shape.columns, addName: shape.addName }];
    const item = listItem(of[1]);
    return item ? [{ kind: 'list', item, addName: false }] : undefined;
  }
  // "I'd like one row per plan, with …": the wish leads the shape.
  const rows = text.replace(INSTEAD_LEAD, '').replace(ROW_WISH, '');
  if (/^(?:for\s+(?:each|every)|list|return|(?:one|a)\s+row)\b/i.test(rows)) {
    const shape = detectListShape(rows);
    if (shape && shape.columns.trim())
      return [{ kind: 'list', item: shape.item, columns: shape.columns, addName: shape.addName }];
  }
  return undefined;
};

const parseTaskName: ClauseParser = (text) => {
  const m =
    /^(?:rename|call|name|retitle)\s+(?:the\s+|this\s+)?task\s+(?:to\s+|as\s+)?(.+)$/i.exec(text) ??
    /^(?:change|set|update)\s+(?:the\s+)?(?:task(?:'s)?\s+name|name\s+of\s+(?:the\s+|this\s+)?task)\s+to\s+(.+)$/i.exec(
      text,
    );
  const name = m?.[1] ? unquote(m[1]) : '';
  return name ? [{ kind: 'rename-task', name }] : undefined;
};

function splitInputType(phrase: string): { phrase: string; type?: InputType } {
  const m =
    /^(.+?)\s*(?:\((?:of\s+type\s+)?([a-z ]+)\)|\s+(?:of\s+type|as\s+an?|as|typed)\s+([a-z ]+))$/i.exec(
      phrase.trim(),
    );
  const typeText = m?.[2] ?? m?.[3];
  const type = typeText ? parseInputType(typeText) : undefined;
  return type && m?.[1] ? { phrase: m[1], type } : { phrase };
}

const parseInputOps: ClauseParser = (text) => {
  const rename =
    /^rename\s+(?:the\s+)?input\s+(.+?)\s+(?:to|as|into)\s+(.+)$/i.exec(text) ??
    /^rename\s+(?:the\s+)?(.+?)\s+input\s+(?:to|as|into)\s+(.+)$/i.exec(text);
  if (rename?.[1] && rename[2]) return [{ kind: 'rename-input', from: rename[1], to: rename[2] }];
  const remove =
    /^(?:remove|drop|delete)\s+(?:the\s+)?inputs?\s+(.+)$/i.exec(text) ??
    /^(?:remove|drop|delete)\s+(?:the\s+)?(.+?)\s+input$/i.exec(text);
  if (remove?.[1]) return splitEnumeration(remove[1]).map((target) => ({ kind: 'remove-input', target }));
  const add =
    /^(?:add|accept|take|require|include)\s+(?:an?\s+|the\s+)?(?:new\s+|second\s+|extra\s+|additional\s+|another\s+)?input(?:\s+(?:field|parameter))?(?:\s+(?:called|named|for))?\s*:?\s+(.+)$/i.exec(
      text,
    ) ??
    /^(?:add|accept|take|require)\s+(?:an?\s+|the\s+)?(?:new\s+)?(.+?)\s+(?:as\s+(?:an?\s+|another\s+)?)?(?:input|parameter)(?:\s+field)?$/i.exec(
      text,
    );
  if (add?.[1]) {
    return splitEnumeration(add[1]).map((p) => ({ kind: 'add-input', ...splitInputType(p) }));
  }
  return undefined;
};

// Sentence splitting eats the final "?" of an unquoted query; put it back.
function finishSentence(text: string): string {
  const t = text.trim();
  if (/[.?!:)"'”]$/.test(t)) return t;
  return /^(?:what|who|whom|whose|where|when|which|why|how|is|are|was|were|does|do|did|can|could|has|have)\b/i.test(
    t,
  )
    ? `${t}?`
    : t;
}

const parseQueryChange: ClauseParser = (text) => {
  const m =
    /^(?:change|set|update|replace|edit|make)\s+(?:the\s+)?(query|question|prompt|description)\s+(?:for|of|on)\s+(.+?)\s+(?:to|with|as|so\s+(?:that\s+)?it\s+(?:says|reads))\s*:?\s+(.+)$/i.exec(
      text,
    ) ??
    /^(?:the\s+)?(query|question|prompt|description)\s+(?:for|of)\s+(.+?)\s+(?:should\s+(?:be|say|read)|is\s+now|becomes)\s*:?\s+(.+)$/i.exec(
      text,
    );
  if (m?.[1] && m[2] && m[3]) {
    const value = finishSentence(unquote(m[3]));
    return /^description$/i.test(m[1])
      ? [{ kind: 'set-description', target: m[2], description: value }]
      : [{ kind: 'set-query', target: m[2], query: value }];
  }
  const use = /^(?:use|ask)\s+(.+?)\s+as\s+the\s+(?:query|question)\s+for\s+(.+)$/i.exec(text);
  if (use?.[1] && use[2])
    return [{ kind: 'set-query', target: use[2], query: finishSentence(unquote(use[1])) }];
  return undefined;
};

// "location should be a list: some jobs are in several cities": the reason after the request.
const REASON_TAIL =
  '(?:\\s*[:;\u2013\u2014(]\\s*.*|\\s+-\\s+.*|,?\\s+(?:since|because|as|so\\s+that|so\\s+we|e\\.g\\.|for\\s+example)\\b.*)?';

/** "make X a number", "change the type of X and Y to date", "make A a number and B a date". */
// "price as a plain number without currency", "the tags as one text": a type said with "as".
const AS_TYPE = new RegExp(
  `^(?:the\\s+)?(.+?)\\s+as\\s+(?:an?\\s+|one\\s+)?(?:(?:plain|simple|pure|bare|normal|single|whole|real)\\s+)?(${TYPE_WORD_PATTERN})(?:\\s+(?:value|field))?\\b\\s*,?\\s*(.*)$`,
  'i',
);

// A request or a statement of its own after the type, not formatting for it.
const OWN_CLAUSE = /^(?:we|i|it|they|our)\b/i;

const parseRetype: ClauseParser = (text, ctx) => {
  const as = AS_TYPE.exec(text);
  const asType = as?.[2] ? parseOutputType(as[2]) : undefined;
  if (as?.[1] && asType && targetOutputs(ctx.outputs, as[1]).length === 1) {
    const target = targetOutputs(ctx.outputs, as[1])[0];
    const rest = (as[3] ?? '').trim();
    if (target && target.type !== asType) {
      const ops: EditOp[] = [{ kind: 'retype', target: as[1], type: asType }];
      // "…, without currency": the rest is formatting for the same field.
      const guidance =
        rest &&
        (isFormatTail(rest) || (words(rest).length <= 6 && !OPERATION.test(rest) && !OWN_CLAUSE.test(rest)));
      if (guidance) ops.push({ kind: 'format', target: as[1], guidance: rest });
      if (!rest || guidance) return ops;
    }
  }
  const should = new RegExp(
    `^(.+?)\\s+should\\s+be\\s+(?:of\\s+)?(?:an?\\s+|the\\s+|one\\s+)?${TYPE_ADJECTIVE}(${TYPE_WORD_PATTERN})(?:\\s+(?:value|values|field|type))?(?:,?\\s+(?:not|instead\\s+of|rather\\s+than)\\s+(?:an?\\s+)?[a-z/ ]+)?(?:\\s*,\\s*[^,.;]+?(?:,?\\s+(?:not|instead\\s+of|rather\\s+than)\\s+(?:an?\\s+)?[a-z/ ]+)?)?${REASON_TAIL}$`,
    'i',
  ).exec(text);
  if (should?.[1] && should[2]) {
    const type = parseOutputType(should[2]);
    return type ? splitEnumeration(should[1]).map((target) => ({ kind: 'retype', target, type })) : undefined;
  }
  const m =
    /^(make|set|change|convert|turn|treat|store|return|give)\s+(?:me\s+|us\s+)?(?:the\s+)?(?:(?:output\s+)?(?:type|format)\s+of\s+)?(.+?)(?:,?\s+(?:instead\s+of|rather\s+than|not)\s+(?:an?\s+)?[a-z/ ]+)?$/i.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return undefined;
  const asks = /^(?:give|return)$/i.test(m[1]);
  const ops: EditOp[] = [];
  let pending: string[] = [];
  for (const segment of splitEnumeration(m[2])) {
    const typed = TYPE_RE.exec(segment);
    const type = typed?.[3] ? parseOutputType(typed[3]) : undefined;
    // "give me the careers page email" asks for a new value: after give/return, without "as"/"to",
    // only an existing output is retyped.
    const retypes = typed?.[1] && (!asks || typed[2] || targetOutputs(ctx.outputs, typed[1]).length > 0);
    if (typed?.[1] && type && retypes) {
      // "set email type to text": the word "type" belongs to the verb, not the output name.
      const last = typed[1].replace(/(?:['’]s)?\s+type$/i, '');
      for (const target of [...pending, last]) ops.push({ kind: 'retype', target, type });
      pending = [];
    } else {
      pending.push(segment);
    }
  }
  return ops.length > 0 && pending.length === 0 ? ops : undefined;
};

const FORMAT_LEAD = /^(?:in|formatted|expressed|written|given|shown|rounded|as\s+(?!an?\s))/i;

const parseShould: ClauseParser = (text) => {
  const m =
    /^(?:the\s+)?(.+?)\s+should\s+(be|contain|include|hold|return|give|say|list|mention|use|follow|look\s+like|start\s+with|end\s+with|have)\s+(.+)$/i.exec(
      text,
    );
  if (!m?.[1] || !m[2] || !m[3]) return undefined;
  const verb = m[2].toLowerCase();
  const rest = m[3].trim();
  if (verb === 'be' && (FORMAT_LEAD.test(rest) || isFormatTail(rest)))
    return [{ kind: 'format', target: m[1], guidance: rest.replace(/^(?:given|shown|written)\s+/i, '') }];
  if (verb !== 'be') return [{ kind: 'format', target: m[1], guidance: `${verb} ${rest}` }];
  return [{ kind: 'redefine', target: m[1], meaning: unquote(rest) }];
};

// "the description can go", "department out", "fax can be dropped": a removal said about the field
// ("… is not needed", "… is useless" are read as removals by statementRequest before any parser).
const GOES =
  /^(?:the\s+)?(.+?)\s+(?:(?:can|could|may|should)\s+(?:go|be\s+(?:dropped|removed|deleted|omitted|left\s+out))|out)$/i;

const parseRemove: ClauseParser = (text, ctx) => {
  const goes = GOES.exec(text);
  if (
    goes?.[1] &&
    !OPERATION.test(goes[1]) &&
    !goes[1].includes(',') &&
    splitEnumeration(goes[1]).every((t) => targetOutputs(ctx.outputs, t).length > 0)
  )
    return [{ kind: 'remove', targets: splitEnumeration(goes[1]) }];
  const m =
    /^(?:remove|drop|delete|exclude|omit|skip|get\s+rid\s+of|(?:(?:we|i)\s+)?(?:no\s+longer|don'?t|do\s+not|stop)\s+(?:need(?:ing)?|want(?:ing)?|extract(?:ing)?|includ(?:e|ing)|return(?:ing)?|collect(?:ing)?|captur(?:e|ing)|get(?:ting)?))\s+(?:the\s+)?(?:outputs?\s+|fields?\s+|columns?\s+)?(.+)$/i.exec(
      text,
    );
  if (!m?.[1]) return undefined;
  // "remove all social links except LinkedIn", "drop everything but email and phone".
  const except =
    /^(.*?)\s*,?\s+(?:except(?:\s+for)?|but(?:\s+not)?|other\s+than|apart\s+from|besides)\s+(?:the\s+)?(.+)$/i.exec(
      m[1],
    );
  if (except?.[2]) {
    const kept = splitEnumeration(except[2]);
    const what = (except[1] ?? '').trim();
    if (
      /^(?:everything|all|anything|(?:all\s+)?(?:the\s+)?(?:other\s+)?(?:outputs|fields|columns))?$/i.test(
        what,
      )
    )
      return [{ kind: 'keep', targets: kept }];
    return [{ kind: 'remove', targets: [what], except: kept }];
  }
  // "remove the publication date for each offer": which rows is already said by the task.
  const targets = splitEnumeration(m[1]).map((t) =>
    targetOutputs(ctx.outputs, t).length > 0
      ? t
      : t.replace(/\s+(?:for\s+(?:each|every|all)|per|of\s+each)\s+[a-z' -]+$/i, ''),
  );
  return targets.length > 0 ? [{ kind: 'remove', targets }] : undefined;
};

const ADD_LEAD =
  /^(?:(?:can|could)\s+(?:we|you|i)\s+(?:also\s+)?(?:get|have|add|include|see)|add|include|extract|get|find|capture|collect|return|fetch|grab|pull|scrape|look\s+up|track|output|give(?:\s+me)?|provide|show(?:\s+me)?|tell\s+me|check|report|(?:i|we)\s+(?:also\s+)?(?:want|need)(?:\s+to\s+(?:know|see|get))?)\s*:?\s+(?:also\s+)?(?:(?:a|an|new|another)\s+)?(?:(?:new\s+)?(?:outputs?|fields?|columns?|propert(?:y|ies)|data\s+points?)\s*(?:(?:called|named|for|with|that\s+(?:captures|holds|contains|says|shows))\s+)?:?\s*)?(.+)$/i;

// "what is their revenue?" asks for a new output the way a description would.
const QUESTION = /^(?:what|who|which|where|when|how\s+many|how\s+much|does|do|is|are)\b/i;

function parseAdd(text: string, also: boolean): EditOp[] | undefined {
  // "check for ISO 27001 certification" asks whether there is one.
  const m = ADD_LEAD.exec(text.replace(/^(check|verify)\s+for\s+(?:an?\s+|any\s+)?/i, '$1 is there '));
  const body = m?.[1] ?? (also || QUESTION.test(text) ? text : undefined);
  if (!body) return undefined;
  const items = addItems(
    body.replace(
      /\s+as\s+(?:an?\s+)?(?:new\s+|separate\s+|extra\s+|additional\s+|own\s+)?(?:output|field|column|value)$/i,
      '',
    ),
  );
  return items.length > 0 ? [{ kind: 'add', items }] : undefined;
}

const PARSERS: readonly ClauseParser[] = [
  parseShape,
  parseTaskName,
  parseInputOps,
  parseQueryChange,
  parseReplace,
  parseKeep,
  parseRename,
  parseMove,
  parseCall,
  parseRetype,
  parseInsteadOf,
  parseShould,
  (text, ctx) => parseStrip(text, ctx.outputs),
  (text, ctx) => parseFormat(text, ctx.outputs),
  parseUseInput,
  parseRemove,
];

const WHOLE_TASK_WISH =
  /^(?:make|get)\s+(?:it|this|them|that|everything|the\s+task)\s+[a-z]+(?:er|more\s+[a-z]+)$/i;

export function parseInstruction(
  instruction: string,
  ctx: ParseContext = { outputs: [] },
): ParsedInstruction {
  const ops: EditOp[] = [];
  const unknown: string[] = [];
  const pointedAt = new Set<string>();
  for (const clause of splitClauses(instruction)) {
    const { text: said, also } = tidy(clause);
    const text = statementRequest(said);
    if (restatesWish(clause, ops) || restatesOnce(text, ops) || addTypeToLastAddition(text, ops)) continue;
    // "…, just once for the whole site, not per product": the "not per" half repeats the "once".
    if (
      !text ||
      !/[\p{L}\p{N}]/u.test(text) ||
      POLITE_ONLY.test(text) ||
      (ops.length > 0 && (NOT_PER.test(text) || NOT_NEEDED_REASON.test(text)))
    )
      continue;
    const pointed = renameByPointer(
      text,
      instruction.slice(0, Math.max(0, instruction.indexOf(clause.trim()))),
      ctx.outputs.map((o) => o.name),
    );
    if (pointed?.kind === 'rename') pointedAt.add(pointed.from);
    let parsed: EditOp[] | undefined = pointed ? [pointed] : undefined;
    for (const parser of parsed ? [] : PARSERS) {
      parsed = parser(text, ctx);
      if (parsed) break;
    }
    // "make it smarter", "make this better": a wish about the whole task names no field to add.
    if (!parsed && WHOLE_TASK_WISH.test(text)) {
      unknown.push(clause.trim());
      continue;
    }
    parsed ??= parseAdd(text, also || continuesAddition(clause, ops));
    for (const op of parsed ?? []) {
      const added = op.kind === 'add-input' ? inputFromPhrase(referenceText(op.phrase), op.type) : undefined;
      if (added) ctx.inputs?.push(humanise(added.name));
    }
    if (parsed) ops.push(...pointBack(parsed, ops));
    else unknown.push(clause.trim());
  }
  // A reason given beside an understood request ("…; most sites only give a range like 51-200")
  // asks for nothing. Field names in it ("the description can go") make it a request after all.
  if (ops.length === 0 || unknown.length === 0) return { ops, unknown };
  // "The dpo_name header is cryptic. Make it …": the field a pointer renames may stand in its reason.
  const fieldWords = ctx.outputs
    .filter((o) => !pointedAt.has(o.name))
    .flatMap((o) => [o.name, humanise(o.name), ...humanise(o.name).split(' ')]);
  return {
    ops,
    unknown: unknown.filter(
      (c) =>
        !isReason(
          c,
          fieldWords.filter((w) => w.length > 2),
        ),
    ),
  };
}

export type { AddItem, EditOp, ParseContext, ParsedInstruction } from './instruction-ops';
export { namesItemNoun } from './instruction-forms';
