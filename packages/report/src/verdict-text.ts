/** Longest verdict shown in a table cell, in characters (the full text stays in the judge log). */
const MAX_VERDICT = 400;

/** The JSON inside a reply: the whole text, a ```json fenced block, or the first {...} / [...] span. */
function replyJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
  const candidates = [text, fenced, text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1), text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)];
  for (const c of candidates) {
    if (!c || c.trim() === '') continue;
    try {
      return JSON.parse(c);
    } catch {
      // not this span; try the next
    }
  }
  return undefined;
}

function verdictItem(item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item);
  const o = item as Record<string, unknown>;
  const verdict = o.verdict ?? o.label ?? o.answer;
  const reason = o.reason ?? o.analysis ?? o.reasoning ?? o.explanation;
  if (verdict === undefined) return JSON.stringify(item);
  return reason === undefined || reason === null ? String(verdict) : `${String(verdict)}: ${String(reason)}`;
}

/**
 * A judge reply made readable for a table cell: the verdicts of a `{"verdicts": [{verdict, reason}]}`
 * reply as "verdict: reason" items, a lone `{verdict, reason}` likewise, any other JSON compacted, plain
 * text as it is; cut to {@link MAX_VERDICT} characters.
 */
export function verdictText(reply: string | null | undefined): string {
  if (reply === null || reply === undefined) return '–';
  const json = replyJson(reply);
  let text: string;
  if (json === undefined) text = reply.trim();
  else if (Array.isArray(json)) text = json.map(verdictItem).join(' · ');
  else if (typeof json === 'object' && json !== null && Array.isArray((json as { verdicts?: unknown }).verdicts)) text = ((json as { verdicts: unknown[] }).verdicts).map(verdictItem).join(' · ');
  else if (typeof json === 'object' && json !== null && 'verdict' in json) text = verdictItem(json);
  else text = typeof json === 'string' ? json : JSON.stringify(json);
  return text.length > MAX_VERDICT ? `${text.slice(0, MAX_VERDICT - 1)}…` : text;
}
