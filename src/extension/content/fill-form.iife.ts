import { type FieldToFill, fillableElements, planFill } from '../lib/field-match';
import { applyValue } from '../lib/fill-value';
import { publish } from '../lib/injected/publish';
import type { FillResult } from '../lib/injected/scripts';

/*
 * Injected on demand (activeTab + scripting) into the page the user asked to fill, never
 * declared for all pages. Publishes one function in the extension's isolated world; the popup calls
 * it with the recognized fields and gets back what was filled.
 */

function visible(el: Element): boolean {
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

function fillForm(fields: FieldToFill[]): FillResult {
  const elements = fillableElements(document).filter(visible);
  const plan = planFill(fields, elements);
  const filled: FillResult['filled'] = [];
  const unmatched = [...plan.unmatched];
  for (const a of plan.assignments) {
    const field = fields.find((f) => f.key === a.key)!;
    if (applyValue(elements[a.index]!, field.value)) filled.push({ key: field.key, label: field.label });
    else unmatched.push(field.key);
  }
  return { filled, unmatched, candidates: elements.length };
}

publish('fillForm', fillForm);
