/**
 * FAI3's `clean_llm_response`: drop `<think>…</think>` blocks (non-greedy, across lines), turn
 * CR and LF into spaces, trim.
 */
export function cleanLlmResponse(response: string): string {
  return response.replace(/<think>[\s\S]*?<\/think>/g, '').replace(/[\r\n]/g, ' ').trim();
}
