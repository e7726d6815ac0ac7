// A business term as the /api/v1/…/terms routes send it (knowledge::TermToJson), the editor
// form's fields, and the two small pure steps between them (tested in terms.test.ts).

export interface Term {
  id: string
  scope?: string
  term: string
  synonyms: string[]
  description?: string
  is_recall: boolean
  meaning?: 'measure' | 'filter' | 'value'
  expression?: string
  filter?: string
  subject?: string
  /** A filter's relative period ("近一年", "last 12 months") and the date column it bounds. */
  period?: string
  period_column?: string
}

export interface TermForm {
  term: string
  /** Synonyms as typed: separated by commas (, ，), 、 or new lines. */
  synonyms: string
  description: string
  is_recall: boolean
  meaning: '' | 'measure' | 'filter' | 'value'
  expression: string
  filter: string
  subject: string
  period: string
  period_column: string
}

export function splitSynonyms(text: string): string[] {
  const out: string[] = []
  for (const part of text.split(/[,，、;；\n]/)) {
    const s = part.trim()
    if (s && !out.includes(s)) out.push(s)
  }
  return out
}

/**
 * The JSON body of a create or replace: a term without a meaning sends no expression,
 * filter or subject (the form may still hold them from an earlier choice), and fields a
 * meaning does not use are left out so that the server does not refuse them.
 */
export function termBody(form: TermForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    term: form.term.trim(),
    synonyms: splitSynonyms(form.synonyms),
    description: form.description.trim(),
    is_recall: form.is_recall,
  }
  if (form.meaning) {
    body.meaning = form.meaning
    body.expression = form.expression.trim()
    if (form.meaning !== 'value' && form.filter.trim()) body.filter = form.filter.trim()
    if (form.meaning === 'filter' && form.subject.trim()) body.subject = form.subject.trim()
    if (form.meaning === 'filter' && form.period.trim()) {
      body.period = form.period.trim()
      body.period_column = form.period_column.trim()
    }
  }
  return body
}

/** The search box: the word, a synonym, the description or the definition contains it. */
export function matchesTerm(term: Term, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  return [term.term, ...(term.synonyms ?? []), term.description ?? '', term.expression ?? '', term.filter ?? ''].some((s) =>
    s.toLowerCase().includes(q),
  )
}
